import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { API_CLIENTS } from '../src/identities.ts';
import { createSandbox, type Sandbox } from '../src/server.ts';
import { gql, startSandbox, type TestSandbox } from './harness.ts';

// A client that checks a token against the realm's discovery document (authlib's `iss` check, or jose's
// jwtVerify with the discovery's issuer and jwks_uri) must find the issuer discovery names in the token,
// whatever address the client used: HTTP, HTTPS, or the public URL of a proxy (SANDBOX_PUBLIC_URL).
const key = API_CLIENTS.find((c) => c.role === 'technician')!;
const REALMS = ['/realms/api-keys', '/auth/realms/api-keys'];

interface Discovery {
  issuer: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** GET or POST over any scheme, trusting `ca` for HTTPS; the JSON body. */
async function json<T>(url: string, ca: Buffer | null, body?: URLSearchParams): Promise<T> {
  const init: { method: string; headers: Record<string, string> } = {
    method: body ? 'POST' : 'GET',
    headers: body
      ? {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${key.clientId}:${key.clientSecret}`).toString('base64')}`,
        }
      : {},
  };
  if (!url.startsWith('https:')) {
    const res = await fetch(url, { ...init, body });
    expect(res.status, url).toBe(200);
    return (await res.json()) as T;
  }
  return new Promise<T>((resolve, reject) => {
    const req = request(url, { ...init, ca: ca ?? undefined }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(JSON.parse(text) as T)
          : reject(new Error(`${res.statusCode} ${text}`)),
      );
    });
    req.on('error', reject);
    req.end(body?.toString());
  });
}

/**
 * Discovery at `base + realm`, a client-credentials token from its token endpoint (asked at `reach`, the
 * address the client can actually reach, when discovery names a proxy's), verified as authlib would.
 */
async function realmToken(base: string, realm: string, ca: Buffer | null, reach = base) {
  const discovery = await json<Discovery>(`${base}${realm}/.well-known/openid-configuration`, ca);
  const viaReach = (url: string) => `${reach}${new URL(url).pathname}`;
  const tokens = await json<{ access_token: string }>(
    viaReach(discovery.token_endpoint),
    ca,
    new URLSearchParams({ grant_type: 'client_credentials' }),
  );
  const jwks = await json<JSONWebKeySet>(viaReach(discovery.jwks_uri), ca);
  const verified = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks), {
    issuer: discovery.issuer,
    algorithms: ['RS256'],
  });
  return { discovery, token: tokens.access_token, payload: verified.payload };
}

describe("a realm token's issuer", () => {
  let sandbox: TestSandbox;
  let ca: Buffer;
  beforeAll(async () => {
    sandbox = await startSandbox();
    ca = readFileSync(path.join(sandbox.dataDir, 'tls', 'ca.pem'));
  });
  afterAll(() => sandbox.stop());

  it.each(REALMS)('%s over HTTP: the discovery issuer, accepted by /graphql', async (realm) => {
    const { discovery, token, payload } = await realmToken(sandbox.url, realm, null);
    expect(discovery.issuer).toBe(`${sandbox.url}${realm}`);
    expect(payload.iss).toBe(discovery.issuer);
    expect((await gql(sandbox.url, token, '{ me { email } }')).data?.me.email).toBe('technician@example.com');
  });

  it.each(REALMS)('%s over HTTPS: the https:// discovery issuer, accepted by /graphql', async (realm) => {
    const httpsUrl = sandbox.config.httpsUrl!;
    expect(httpsUrl).toMatch(/^https:/);
    const { discovery, token, payload } = await realmToken(httpsUrl, realm, ca);
    expect(discovery.issuer).toBe(`${httpsUrl}${realm}`);
    expect(payload.iss).toBe(discovery.issuer);
    expect((await gql(sandbox.url, token, '{ me { email } }')).data?.me.email).toBe('technician@example.com');
  });

  it('of the /oidc token endpoint stays the provider issuer, and /graphql accepts it', async () => {
    const token = (
      await json<{ access_token: string }>(
        `${sandbox.url}/oidc/token`,
        null,
        new URLSearchParams({ grant_type: 'client_credentials' }),
      )
    ).access_token;
    expect(decodeJwt(token).iss).toBe(`${sandbox.url}/oidc`);
    expect((await gql(sandbox.url, token, '{ me { email } }')).status).toBe(200);
  });

  it('is refused by /graphql when the token names an issuer the realm never hands out', async () => {
    // A token of the realm's shape but a path outside it: the signature is the sandbox's, the issuer not.
    const { token } = await realmToken(sandbox.url, REALMS[0]!, null);
    const forged = `${token.split('.')[0]}.${Buffer.from(
      JSON.stringify({ ...decodeJwt(token), iss: `${sandbox.url}/realms/other` }),
    ).toString('base64url')}.${token.split('.')[2]}`;
    expect((await gql(sandbox.url, forged, '{ me { email } }')).status).toBe(401);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("a realm token's issuer behind SANDBOX_PUBLIC_URL", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-realm-proxy-'));
  const publicUrl = 'https://sandbox.proxy.example';
  let sandbox: Sandbox;
  let reach: string;
  beforeAll(async () => {
    const port = await freePort();
    reach = `http://127.0.0.1:${port}`;
    sandbox = await createSandbox(
      loadConfig(
        { SANDBOX_PUBLIC_URL: publicUrl },
        { seedParts: 20, host: '127.0.0.1', port, httpsPort: null, dataDir },
      ),
    );
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(REALMS)('%s: the public URL, whatever Host the proxy forwards', async (realm) => {
    const { discovery, token, payload } = await realmToken(reach, realm, null, reach);
    expect(discovery.issuer).toBe(`${publicUrl}${realm}`);
    expect(payload.iss).toBe(discovery.issuer);
    expect((await gql(reach, token, '{ me { email } }')).data?.me.email).toBe('technician@example.com');
  });
});
