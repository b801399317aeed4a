import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  authorize,
  authorizeUrl,
  Browser,
  claimsOf,
  exchangeCode,
  follow,
  formAction,
  openLoginPage,
  pkcePair,
  postForm,
  REDIRECT_URI,
  signIn,
} from './auth-login-client.ts';
import { gql } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

const api = useSandbox();
const loginPage = (browser: Browser, challenge: string, state?: string) =>
  openLoginPage(browser, api.issuer, challenge, state);
const exchange = (code: string, verifier: string) => exchangeCode(api.issuer, code, verifier);

describe('discovery', () => {
  it('publishes the issuer under /oidc with endpoints on the same mount, readable cross-origin', async () => {
    const res = await fetch(`${api.issuer}/.well-known/openid-configuration`, {
      headers: { origin: APP_ORIGIN },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: api.issuer,
      authorization_endpoint: `${api.issuer}/auth`,
      token_endpoint: `${api.issuer}/token`,
      jwks_uri: `${api.issuer}/jwks`,
      end_session_endpoint: `${api.issuer}/session/end`,
      revocation_endpoint: `${api.issuer}/token/revocation`,
    });
    expect(doc.code_challenge_methods_supported).toContain('S256');
  });
});

describe('authorization code + PKCE through the login page', () => {
  it('shows an accessible login form for the product', async () => {
    const { challenge } = pkcePair();
    const page = await loginPage(new Browser(), challenge);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('Floor Attach');
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<meta name="viewport"/);
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).toMatch(/button\{[^}]*min-height:48px/);
    expect(html).not.toMatch(/<script/i);
  });

  it('re-renders the form with an error for a wrong password, keeping the email, escaped', async () => {
    const browser = new Browser();
    const { challenge } = pkcePair();
    const page = await loginPage(browser, challenge);
    const action = formAction(await page.text(), api.issuer);

    const wrong = await postForm(browser, action, { email: 'technician@example.com', password: 'nope' });
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain('<p class="error" role="alert" id="login-error">Invalid email or password.</p>');
    expect(html).toContain('value="technician@example.com"');

    const hostile = await postForm(browser, action, { email: '"><script>alert(1)</script>', password: 'x' });
    expect(hostile.status).toBe(401);
    const hostileHtml = await hostile.text();
    expect(hostileHtml).not.toContain('<script>');
    expect(hostileHtml).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');

    const unknown = await postForm(browser, action, { email: 'nobody@example.com', password: 'technician' });
    expect(await unknown.text()).toContain('Invalid email or password.');

    // The same pending sign-in still accepts the right password afterwards.
    const ok = await follow(
      browser,
      await postForm(browser, action, { email: 'technician@example.com', password: 'technician' }),
      api.issuer,
    );
    expect(ok).toBeInstanceOf(URL);
  });

  it('signs in, skips consent, returns a code to the app and exchanges it with the code verifier', async () => {
    const { verifier, state, callback } = await authorize(
      api.issuer,
      'Technician@Example.com ',
      'technician',
    );
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(api.issuer);
    const code = callback.searchParams.get('code') ?? '';

    const wrongVerifier = await exchange(code, pkcePair().verifier);
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    const right = await exchange(code, verifier);
    expect(right.status).toBe(200);
    expect(await right.json()).toHaveProperty('access_token');
  });

  it('issues JWT access, ID and refresh tokens; the access token authenticates the user', async () => {
    const { verifier, callback } = await authorize(api.issuer, 'viewer@example.com', 'viewer');
    const res = await exchange(callback.searchParams.get('code') ?? '', verifier);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const tokens = (await res.json()) as Record<string, string>;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));

    expect(claimsOf(tokens.access_token ?? '')).toMatchObject({
      iss: api.issuer,
      aud: `${api.sandbox.config.publicUrl}/graphql`,
      sub: '2',
      client_id: 'floor-app',
    });
    expect(claimsOf(tokens.id_token ?? '')).toMatchObject({
      iss: api.issuer,
      aud: 'floor-app',
      sub: '2',
      name: 'Vic Viewer',
      email: 'viewer@example.com',
    });
    const me = await gql(api.url, tokens.access_token ?? '', '{ me { id name email } }');
    expect(me).toMatchObject({
      status: 200,
      data: { me: { id: 2, name: 'Vic Viewer', email: 'viewer@example.com' } },
    });
  });

  it('prefills the email from login_hint, escaped', async () => {
    const page = await openLoginPage(new Browser(), api.issuer, pkcePair().challenge, 's', (url) =>
      url.searchParams.set('login_hint', 'a"b@example.com'),
    );
    expect(await page.text()).toContain('value="a&quot;b@example.com"');
  });

  it('answers a stale or foreign sign-in link with a page saying to start again', async () => {
    const res = await fetch(`${api.issuer}/interaction/not-a-real-interaction`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(
      'This sign-in link has expired. Go back to the app and sign in again.',
    );
  });

  it('refuses a redirect URI outside the allowed origins', async () => {
    const { challenge } = pkcePair();
    const url = new URL(authorizeUrl(api.issuer, challenge, 's'));
    url.searchParams.set('redirect_uri', 'http://evil.example/auth/callback');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri');
  });

  it('requires PKCE', async () => {
    const url = new URL(authorizeUrl(api.issuer, 'x', 's'));
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') ?? '', api.issuer);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('sign-in', () => {
  it('signIn helper completes the whole flow', async () => {
    const tokens = await signIn(api.issuer, 'technician@example.com', 'technician');
    expect(claimsOf(tokens.access_token).sub).toBe('1');
    const me = await gql(api.url, tokens.access_token, '{ me { id } }', undefined, 'Token');
    expect(me).toMatchObject({ status: 200, data: { me: { id: 1 } } });
  });
});
