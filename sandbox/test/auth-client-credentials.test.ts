import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { claimsOf, clientCredentials, tokenRequest } from './auth-login-client.ts';
import { gql } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

const api = useSandbox({ accessTokenTtlSeconds: 900 });

describe('client credentials for API keys', () => {
  it.each([
    '/realms/api-keys/protocol/openid-connect/token',
    '/auth/realms/api-keys/protocol/openid-connect/token',
  ])('serves the Keycloak token path %s, as a script written for ION calls it', async (tokenPath) => {
    // As FirstResonance/ion-examples does it: secret in the form, audience = the API, token sent bare.
    const res = await tokenRequest(
      api.issuer,
      {
        grant_type: 'client_credentials',
        client_id: 'technician-key',
        client_secret: 'technician-secret',
        audience: `${api.url}/graphql`,
      },
      {},
      `${api.url}${tokenPath}`,
    );
    expect(res.status).toBe(200);
    const { access_token: token } = (await res.json()) as { access_token: string };
    const me = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ query: '{ me { email } }' }),
    });
    expect(await me.json()).toEqual({ data: { me: { email: 'technician@example.com' } } });

    const wrong = await tokenRequest(
      api.issuer,
      { grant_type: 'client_credentials', client_id: 'viewer-key', client_secret: 'no' },
      {},
      `${api.url}${tokenPath}`,
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('issues an access token with client_secret_basic', async () => {
    const res = await clientCredentials(api.issuer, 'technician-key', 'technician-secret', 'basic');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(900);
    const me = await gql(api.url, body.access_token, '{ me { id email } }');
    expect(me).toMatchObject({ status: 200, data: { me: { id: 1, email: 'technician@example.com' } } });
  });

  it('issues an access token with client_secret_post', async () => {
    const res = await clientCredentials(api.issuer, 'viewer-key', 'viewer-secret');
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const me = await gql(api.url, access_token, '{ me { id email } }');
    expect(me).toMatchObject({ status: 200, data: { me: { id: 2, email: 'viewer@example.com' } } });
  });

  it('rejects a wrong secret with invalid_client and issues nothing', async () => {
    const viaBasic = await clientCredentials(api.issuer, 'technician-key', 'wrong', 'basic');
    expect(viaBasic.status).toBe(401);
    expect(await viaBasic.json()).toMatchObject({ error: 'invalid_client' });

    const viaPost = await clientCredentials(api.issuer, 'technician-key', 'viewer-secret');
    expect(viaPost.status).toBe(401);
    expect(await viaPost.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('rejects an unknown client', async () => {
    const res = await clientCredentials(api.issuer, 'nobody', 'x');
    expect(res.status).toBe(401);
  });

  it('does not let the public app use client credentials', async () => {
    const res = await tokenRequest(api.issuer, { grant_type: 'client_credentials', client_id: 'floor-app' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('signs a JWT for the API audience with a key published in the JWKS', async () => {
    const res = await clientCredentials(api.issuer, 'technician-key', 'technician-secret', 'basic');
    const { access_token } = (await res.json()) as { access_token: string };

    const header = decodeProtectedHeader(access_token);
    expect(header.alg).toBe('RS256');
    const jwks = (await (await fetch(`${api.issuer}/jwks`)).json()) as {
      keys: { kid: string; d?: string }[];
    };
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);

    const claims = claimsOf(access_token);
    expect(claims).toMatchObject({
      iss: api.issuer,
      aud: `${api.sandbox.config.publicUrl}/graphql`,
      sub: '1',
      client_id: 'technician-key',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
  });
});
