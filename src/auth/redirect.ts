/**
 * Where the app may send the user after sign-in: only paths on this origin. Anything else (absolute
 * URLs, protocol-relative `//host`, backslash tricks, `javascript:`) falls back, so a crafted
 * `?redirect=` link cannot send a technician to another site.
 */
const LOCAL_BASE = 'http://local.invalid';
/** Pages that would loop if we returned to them after sign-in. */
const NOT_A_DESTINATION = ['/auth/callback', '/sign-in'];

export function sanitizeRedirect(value: unknown, fallback = '/'): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, LOCAL_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== LOCAL_BASE) return fallback;
  if (NOT_A_DESTINATION.includes(url.pathname)) return fallback;
  // Dot segments can normalise to `//host` (`/.//evil.example`): a path the browser reads as another site.
  if (url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
