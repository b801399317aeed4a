import { afterEach, describe, expect, it } from 'vitest';
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
import { startAuthServer, tempDataDir, type AuthTestServer } from './auth-test-server.ts';

const running: AuthTestServer[] = [];

async function start(dataDir: string, port = 0): Promise<AuthTestServer> {
  const server = await startAuthServer({ dataDir }, port);
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

function revoke(issuer: string, token: string): Promise<Response> {
  return fetch(`${issuer}/token/revocation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
    body: new URLSearchParams({ client_id: 'floor-app', token, token_type_hint: 'refresh_token' }),
  });
}

describe('refresh tokens', () => {
  it('renews the access token with a rotated refresh token, readable by the app origin', async () => {
    const sandbox = await start(tempDataDir());
    const first = await signIn(sandbox.issuer, 'technician@example.com', 'technician');
    expect(first.refresh_token).toBeTruthy();

    const res = await refresh(sandbox.issuer, first.refresh_token ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const second = (await res.json()) as TokenSet;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(second.id_token)).toMatchObject({
      name: 'Taylor Technician',
      email: 'technician@example.com',
    });
    await expect(sandbox.auth.authenticate(`Bearer ${second.access_token}`)).resolves.toMatchObject({
      userId: 1,
      kind: 'user',
    });

    // Rotation: the used refresh token is spent.
    const reused = await refresh(sandbox.issuer, first.refresh_token ?? '');
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps working after the sandbox restarts on the same data directory', async () => {
    const dataDir = tempDataDir();
    const before = await start(dataDir);
    const tokens = await signIn(before.issuer, 'viewer@example.com', 'viewer');
    const port = before.config.port;
    await running.splice(running.indexOf(before), 1)[0]?.close();

    const after = await start(dataDir, port);
    expect(after.issuer).toBe(before.issuer);
    // Signing keys persist too: a token issued before the restart still verifies.
    await expect(after.auth.authenticate(`Bearer ${tokens.access_token}`)).resolves.toMatchObject({
      userId: 2,
    });
    const res = await refresh(after.issuer, tokens.refresh_token ?? '');
    expect(res.status).toBe(200);
    const renewed = (await res.json()) as TokenSet;
    await expect(after.auth.authenticate(`Token ${renewed.access_token}`)).resolves.toMatchObject({
      userId: 2,
      role: 'viewer',
    });
  });

  it('stops working once revoked', async () => {
    const sandbox = await start(tempDataDir());
    const tokens = await signIn(sandbox.issuer, 'technician@example.com', 'technician');
    const res = await revoke(sandbox.issuer, tokens.refresh_token ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);

    const after = await refresh(sandbox.issuer, tokens.refresh_token ?? '');
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('does not answer CORS for origins that are not allowed', async () => {
    const sandbox = await start(tempDataDir());
    const tokens = await signIn(sandbox.issuer, 'technician@example.com', 'technician');
    const res = await fetch(`${sandbox.issuer}/token`, {
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
    const sandbox = await start(tempDataDir());
    const browser = new Browser();
    const { verifier, challenge } = pkcePair();
    const url = new URL(authorizeUrl(sandbox.issuer, challenge, 'st'));
    url.searchParams.set('prompt', 'consent');
    const page = await follow(browser, await browser.fetch(url.href), sandbox.issuer);
    if (page instanceof URL) throw new Error('expected the login page');
    const callback = await follow(
      browser,
      await postForm(browser, formAction(await page.text(), sandbox.issuer), {
        email: 'technician@example.com',
        password: 'technician',
      }),
      sandbox.issuer,
    );
    if (!(callback instanceof URL)) throw new Error(`no callback: HTTP ${callback.status}`);
    const res = await fetch(`${sandbox.issuer}/token`, {
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
