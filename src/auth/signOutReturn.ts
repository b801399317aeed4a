import { sanitizeRedirect } from './redirect.ts';

const KEY = 'floor-signed-out-from';

/**
 * The identity provider sends the browser to the app's start page after its "Do you want to sign
 * out?", whichever was chosen. When the answer was "Stay signed in", the technician should be back
 * on the page they were on, so that page is kept for this tab for the next start.
 */
export function rememberSignOutPage(path: string, storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(KEY, path);
  } catch {
    // Without storage the start page opens, as before.
  }
}

/** The page to go back to after the provider's answer, once; null when this start is not that. */
export function takeSignOutPage(url: URL, storage: Storage = window.sessionStorage): string | null {
  let saved: string | null;
  try {
    saved = storage.getItem(KEY);
    storage.removeItem(KEY);
  } catch {
    saved = null;
  }
  if (saved === null || url.pathname !== '/' || url.search !== '') return null;
  return sanitizeRedirect(saved);
}
