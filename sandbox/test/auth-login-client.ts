import { createHash, randomBytes } from 'node:crypto';
import { APP_CLIENT_ID, APP_REDIRECT_PATH, APP_SCOPES } from '../src/identities.ts';

/** The app's origin in tests: the first of the default allowed origins. */
export const APP_ORIGIN = 'http://127.0.0.1:5173';
export const REDIRECT_URI = APP_ORIGIN + APP_REDIRECT_PATH;

interface StoredCookie {
  value: string;
  path: string;
}

/** What a browser does with cookies and redirects, for one host: enough to drive the login page. */
export class Browser {
  private readonly cookies = new Map<string, StoredCookie>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const { pathname } = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = [...this.cookies]
      .filter(
        ([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([key, c]) => `${key.split('\n')[0]}=${c.value}`)
      .join('; ');
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.store(line);
    return res;
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const attr = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const cookiePath = attr('path') ?? '/';
    const expires = attr('expires');
    const key = `${name}\n${cookiePath}`;
    if (attr('max-age') === '0' || (expires && Date.parse(expires) <= Date.now())) {
      this.cookies.delete(key);
    } else {
      this.cookies.set(key, { value: pair.slice(eq + 1), path: cookiePath });
    }
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(issuer: string, challenge: string, state: string): string {
  const params = new URLSearchParams({
    client_id: APP_CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: APP_SCOPES,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  });
  return `${issuer}/auth?${params}`;
}

/** Follows redirects by hand (so cookies are kept) until a page answers or the app's callback is reached. */
export async function follow(browser: Browser, start: Response, base: string): Promise<Response | URL> {
  let res = start;
  for (let hops = 0; hops < 10; hops += 1) {
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return res;
    const next = new URL(location, base);
    if (next.origin === APP_ORIGIN) return next;
    res = await browser.fetch(next.href);
  }
  throw new Error('too many redirects');
}

export function formAction(html: string, base: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the page');
  return new URL(action.replace(/&amp;/g, '&'), base).href;
}

export function postForm(browser: Browser, url: string, fields: Record<string, string>): Promise<Response> {
  return browser.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A form POST to the token endpoint (or to `url`), as OAuth clients send it. */
export function tokenRequest(
  issuer: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
  url = `${issuer}/token`,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });
}

/** An API key's token request: its secret in the form (client_secret_post) or as HTTP Basic. */
export function clientCredentials(
  issuer: string,
  clientId: string,
  secret: string,
  via: 'post' | 'basic' = 'post',
): Promise<Response> {
  const grant = { grant_type: 'client_credentials' };
  return via === 'basic'
    ? tokenRequest(issuer, grant, { authorization: basic(clientId, secret) })
    : tokenRequest(issuer, { ...grant, client_id: clientId, client_secret: secret });
}

/** The app's exchange of an authorization code, with its PKCE verifier, from the app's origin. */
export function exchangeCode(
  issuer: string,
  code: string,
  verifier: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return tokenRequest(
    issuer,
    {
      grant_type: 'authorization_code',
      client_id: APP_CLIENT_ID,
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      ...extra,
    },
    { origin: APP_ORIGIN },
  );
}

/** The login page of a fresh authorization (`adjust` may change its URL), as `browser` shows it. */
export async function openLoginPage(
  browser: Browser,
  issuer: string,
  challenge: string,
  state = 's',
  adjust: (url: URL) => void = () => undefined,
): Promise<Response> {
  const url = new URL(authorizeUrl(issuer, challenge, state));
  adjust(url);
  const page = await follow(browser, await browser.fetch(url.href), issuer);
  if (page instanceof URL) throw new Error(`expected the login page, got ${page.href}`);
  return page;
}

/** Signs in on the login page up to the app's callback: the browser, the PKCE verifier and the callback URL. */
export async function authorize(
  issuer: string,
  email: string,
  password: string,
  adjust?: (url: URL) => void,
): Promise<{ browser: Browser; verifier: string; state: string; callback: URL }> {
  const browser = new Browser();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const page = await openLoginPage(browser, issuer, challenge, state, adjust);
  const action = formAction(await page.text(), issuer);
  const callback = await follow(browser, await postForm(browser, action, { email, password }), issuer);
  if (!(callback instanceof URL)) throw new Error(`expected the callback, got HTTP ${callback.status}`);
  return { browser, verifier, state, callback };
}

/**
 * The whole sign-in: authorize, login form, credentials, callback code, token exchange with PKCE. The
 * browser keeps the session's cookie, for what a test does next in it (signing out).
 */
export async function signInBrowser(
  issuer: string,
  email: string,
  password: string,
): Promise<{ browser: Browser; tokens: TokenSet }> {
  const { browser, verifier, state, callback } = await authorize(issuer, email, password);
  if (callback.searchParams.get('state') !== state) throw new Error('state mismatch');
  const res = await exchangeCode(issuer, callback.searchParams.get('code') ?? '', verifier);
  if (res.status !== 200) throw new Error(`token exchange failed: ${res.status} ${await res.text()}`);
  return { browser, tokens: (await res.json()) as TokenSet };
}

/** The tokens of a whole sign-in (signInBrowser). */
export async function signIn(issuer: string, email: string, password: string): Promise<TokenSet> {
  return (await signInBrowser(issuer, email, password)).tokens;
}

/** The app's sign-out request (RP-initiated logout) for an ID token, back to the app's home. */
export function endSessionUrl(issuer: string, idToken: string, params: Record<string, string> = {}): URL {
  const url = new URL(`${issuer}/session/end`);
  url.searchParams.set('id_token_hint', idToken);
  url.searchParams.set('post_logout_redirect_uri', `${APP_ORIGIN}/`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}

/** A refresh as oidc-client-ts sends it: with the scope of the previous token response, when given. */
export function refresh(issuer: string, refreshToken: string, scope?: string): Promise<Response> {
  const body: Record<string, string> = {
    grant_type: 'refresh_token',
    client_id: APP_CLIENT_ID,
    refresh_token: refreshToken,
  };
  if (scope) body.scope = scope;
  return tokenRequest(issuer, body, { origin: APP_ORIGIN });
}

export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
