import { get, type IncomingHttpHeaders } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENTS } from '../src/identities.ts';
import { gql, startSandbox, type TestSandbox } from './harness.ts';

// A generic OIDC client (openid-client) pointed at the realm URL of ION's API keys, as an integrator
// points it at https://<auth host>/realms/api-keys: discovery, then the token endpoint and the certs
// it names. Over HTTP here, which the library allows only when told to.
describe('the api-keys realm, for generic OIDC clients', () => {
  let sandbox: TestSandbox;
  const key = API_CLIENTS.find((c) => c.role === 'technician')!;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.stop());

  it.each([
    ['/realms/api-keys', oidc.ClientSecretPost],
    ['/auth/realms/api-keys', oidc.ClientSecretBasic],
  ])(
    '%s: discovery, a client-credentials token, the certs that verify it, and the API',
    async (realm, auth) => {
      const issuer = new URL(`${sandbox.url}${realm}`);
      const config = await oidc.discovery(issuer, key.clientId, undefined, auth(key.clientSecret), {
        execute: [oidc.allowInsecureRequests],
      });
      const metadata = config.serverMetadata();
      expect(metadata.issuer).toBe(issuer.href);
      expect(metadata.token_endpoint).toBe(`${issuer.href}/protocol/openid-connect/token`);
      expect(metadata.jwks_uri).toBe(`${issuer.href}/protocol/openid-connect/certs`);

      const tokens = await oidc.clientCredentialsGrant(config);
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      const { protectedHeader } = await jwtVerify(
        tokens.access_token,
        createRemoteJWKSet(new URL(metadata.jwks_uri!)),
      );
      expect(protectedHeader.alg).toBe('RS256');
      const me = await gql(sandbox.url, tokens.access_token, '{ me { email } }');
      expect(me.data?.me.email).toBe('technician@example.com');
    },
  );

  it('names the address the client used as the issuer (its Host: localhost or 127.0.0.1)', async () => {
    const port = new URL(sandbox.url).port;
    const { headers, body } = await new Promise<{ headers: IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        get(
          `${sandbox.url}/realms/api-keys/.well-known/openid-configuration`,
          { headers: { host: `localhost:${port}` } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ headers: res.headers, body: text }));
          },
        ).on('error', reject);
      },
    );
    expect(headers['access-control-allow-origin']).toBe('*');
    expect((JSON.parse(body) as { issuer: string }).issuer).toBe(`http://localhost:${port}/realms/api-keys`);
  });
});
