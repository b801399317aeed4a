import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  authorizeUrl,
  Browser,
  claimsOf,
  follow,
  formAction,
  pkcePair,
  postForm,
  REDIRECT_URI,
  refresh,
  signIn,
  type TokenSet,
} from './auth-login-client.ts';
import { gql, startSandbox, type TestSandbox } from './harness.ts';

let sandbox: TestSandbox;
let issuer: string;

beforeEach(async () => {
  sandbox = await startSandbox();
  issuer = `${sandbox.url}/oidc`;
});
afterEach(() => sandbox.stop());

async function meId(token: string): Promise<unknown> {
  const res = await gql(sandbox.url, token, '{ me { id } }');
  return res.data?.me?.id;
}

function revoke(issuer: string, token: string): Promise<Response> {
  return fetch(`${issuer}/token/revocation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
    body: new URLSearchParams({ client_id: 'floor-app', token, token_type_hint: 'refresh_token' }),
  });
}

describe('refresh tokens', () => {
  it('renews the access token with a rotated refresh token, readable by the app origin', async () => {
    const first = await signIn(issuer, 'technician@example.com', 'technician');
    expect(first.refresh_token).toBeTruthy();

    const res = await refresh(issuer, first.refresh_token ?? '', first.scope);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const second = (await res.json()) as TokenSet;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe(first.scope);
    expect(claimsOf(second.access_token).aud).toBe(`${sandbox.url}/graphql`);
    expect(claimsOf(second.id_token)).toMatchObject({
      name: 'Taylor Technician',
      email: 'technician@example.com',
    });
    expect(await meId(second.access_token)).toBe(1);

    // Rotation: the used refresh token is spent.
    const reused = await refresh(issuer, first.refresh_token ?? '');
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps working after the sandbox restarts on the same data directory', async () => {
    const tokens = await signIn(issuer, 'viewer@example.com', 'viewer');
    await sandbox.restart();
    // Signing keys persist too: a token issued before the restart still verifies.
    expect(await meId(tokens.access_token)).toBe(2);
    const res = await refresh(issuer, tokens.refresh_token ?? '');
    expect(res.status).toBe(200);
    const renewed = (await res.json()) as TokenSet;
    expect(await meId(renewed.access_token)).toBe(2);
  });

  it('stops working once revoked', async () => {
    const tokens = await signIn(issuer, 'technician@example.com', 'technician');
    const res = await revoke(issuer, tokens.refresh_token ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);

    const after = await refresh(issuer, tokens.refresh_token ?? '');
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('does not answer CORS for origins that are not allowed', async () => {
    const tokens = await signIn(issuer, 'technician@example.com', 'technician');
    const res = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'floor-app',
        refresh_token: tokens.refresh_token ?? '',
      }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('offline_access', () => {
  it('is granted without a consent page when the app asks with prompt=consent', async () => {
    const browser = new Browser();
    const { verifier, challenge } = pkcePair();
    const url = new URL(authorizeUrl(issuer, challenge, 'st'));
    url.searchParams.set('prompt', 'consent');
    const page = await follow(browser, await browser.fetch(url.href), issuer);
    if (page instanceof URL) throw new Error('expected the login page');
    const callback = await follow(
      browser,
      await postForm(browser, formAction(await page.text(), issuer), {
        email: 'technician@example.com',
        password: 'technician',
      }),
      issuer,
    );
    if (!(callback instanceof URL)) throw new Error(`no callback: HTTP ${callback.status}`);
    const res = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'floor-app',
        code: callback.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    const tokens = (await res.json()) as TokenSet;
    expect(tokens.scope.split(' ')).toContain('offline_access');
    expect(tokens.refresh_token).toBeTruthy();
  });
});
