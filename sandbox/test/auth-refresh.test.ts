import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  authorize,
  claimsOf,
  exchangeCode,
  refresh,
  signIn,
  tokenRequest,
  type TokenSet,
} from './auth-login-client.ts';
import { gql } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

const api = useSandbox();

async function meId(token: string): Promise<unknown> {
  const res = await gql(api.url, token, '{ me { id } }');
  return res.data?.me?.id;
}

function revoke(issuer: string, token: string): Promise<Response> {
  const body = { client_id: 'floor-app', token, token_type_hint: 'refresh_token' };
  return tokenRequest(issuer, body, { origin: APP_ORIGIN }, `${issuer}/token/revocation`);
}

describe('refresh tokens', () => {
  it('renews the access token with a rotated refresh token, readable by the app origin', async () => {
    const first = await signIn(api.issuer, 'technician@example.com', 'technician');
    expect(first.refresh_token).toBeTruthy();

    const res = await refresh(api.issuer, first.refresh_token ?? '', first.scope);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const second = (await res.json()) as TokenSet;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe(first.scope);
    expect(claimsOf(second.access_token).aud).toBe(`${api.url}/graphql`);
    expect(claimsOf(second.id_token)).toMatchObject({
      name: 'Taylor Technician',
      email: 'technician@example.com',
    });
    expect(await meId(second.access_token)).toBe(1);

    // Rotation: the used refresh token is spent.
    const reused = await refresh(api.issuer, first.refresh_token ?? '');
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps working after the sandbox restarts on the same data directory', async () => {
    const tokens = await signIn(api.issuer, 'viewer@example.com', 'viewer');
    await api.sandbox.restart();
    // Signing keys persist too: a token issued before the restart still verifies.
    expect(await meId(tokens.access_token)).toBe(2);
    const res = await refresh(api.issuer, tokens.refresh_token ?? '');
    expect(res.status).toBe(200);
    const renewed = (await res.json()) as TokenSet;
    expect(await meId(renewed.access_token)).toBe(2);
  });

  it('stops working once revoked', async () => {
    const tokens = await signIn(api.issuer, 'technician@example.com', 'technician');
    const res = await revoke(api.issuer, tokens.refresh_token ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);

    const after = await refresh(api.issuer, tokens.refresh_token ?? '');
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('does not answer CORS for origins that are not allowed', async () => {
    const tokens = await signIn(api.issuer, 'technician@example.com', 'technician');
    const res = await tokenRequest(
      api.issuer,
      { grant_type: 'refresh_token', client_id: 'floor-app', refresh_token: tokens.refresh_token ?? '' },
      { origin: 'http://evil.example' },
    );
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('offline_access', () => {
  it('is granted without a consent page when the app asks with prompt=consent', async () => {
    const { verifier, callback } = await authorize(
      api.issuer,
      'technician@example.com',
      'technician',
      (url) => url.searchParams.set('prompt', 'consent'),
    );
    const res = await exchangeCode(api.issuer, callback.searchParams.get('code') ?? '', verifier);
    const tokens = (await res.json()) as TokenSet;
    expect(tokens.scope.split(' ')).toContain('offline_access');
    expect(tokens.refresh_token).toBeTruthy();
  });
});
