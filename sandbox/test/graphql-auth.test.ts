import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientCredentialsToken, gql, preflight } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

const ME = '{ me { id email } }';
const ORIGIN = 'http://127.0.0.1:5173';

describe('/graphql authentication, errors and CORS', () => {
  const api = useSandbox();
  let token: string;
  let url: string;
  beforeAll(async () => {
    token = await api.token('technician');
    url = api.url;
  });

  it('accepts the Bearer scheme', async () => {
    const res = await gql(url, token, ME);
    expect(res.status).toBe(200);
    expect(res.data?.me).toEqual({ id: 1, email: 'technician@example.com' });
  });

  it('accepts the Token scheme for backward compatibility', async () => {
    const res = await gql(url, token, ME, undefined, 'Token');
    expect(res.status).toBe(200);
    expect(res.data?.me.id).toBe(1);
  });

  it("accepts the token bare, as ION's own example client sends it", async () => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({ query: ME }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { me: { id: number } } }).data.me.id).toBe(1);
  });

  it('answers a missing Authorization header with 401 and errors[].message', async () => {
    const res = await gql(url, null, ME);
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.message).toBe('Please provide proper credentials');
    expect(res.data).toBeUndefined();
  });

  it('answers a malformed token with 401', async () => {
    const res = await gql(url, 'not-a-jwt', ME);
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.message).toBe('Unable to parse authentication token');
  });

  it('answers a token signed by an unknown key with 401', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = await exportJWK(publicKey);
    const forged = await new SignJWT({ sub: '1', client_id: 'technician-key' })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged', typ: 'at+jwt' })
      .setIssuer(`${url}/oidc`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect(jwk.kty).toBe('RSA');
    const res = await gql(url, forged, ME);
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.message).toBe('Unable to find appropriate RSA key');
  });

  it('returns GraphQL errors with HTTP 200, even when the client prefers application/graphql-response+json', async () => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/graphql-response+json,application/json;q=0.9',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query: '{ noSuchField }' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toMatch(/noSuchField/);
  });

  it('returns a resolver error with HTTP 200 and partial data', async () => {
    const res = await gql(url, token, '{ me { id } part(id: "abc") { id } }');
    expect(res.status).toBe(200);
    expect(res.data?.me.id).toBe(1);
    expect(res.data?.part).toBeNull();
    expect(res.errors?.[0]?.message).toMatch(/positive integer id/);
  });

  it('answers the CORS preflight for allowed origins, allowing Authorization and Content-Type', async () => {
    const res = await preflight(`${url}/graphql`, ORIGIN, 'POST', 'authorization,content-type');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });

  it('sends CORS headers on 401 so the browser can read the message', async () => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: ME }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('exposes Retry-After to the app, so it waits as long as a 429 or 503 asks', async () => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: ME }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After');
  });

  it('gives no CORS permission to an origin that is not allowed', async () => {
    const res = await preflight(`${url}/graphql`, 'http://evil.example', 'POST');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses GET on /graphql and serves /healthz', async () => {
    expect((await fetch(`${url}/graphql?query={me{id}}`)).status).toBe(405);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe('/graphql with an expired token', () => {
  const api = useSandbox({ accessTokenTtlSeconds: 60 });

  it('answers 401 "Token is expired." once the token has expired', async () => {
    const token = await clientCredentialsToken(api.url, 'technician');
    api.sandbox.clock.advance(61_000);
    const res = await gql(api.url, token, ME);
    expect(res.status).toBe(401);
    expect(res.errors).toEqual([{ message: 'Token is expired.' }]);
  });
});
