import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '../src/contracts.ts';
import { signIn } from './auth-login-client.ts';
import { startAuthServer, type AuthTestServer } from './auth-test-server.ts';

let sandbox: AuthTestServer;
let shortLived: AuthTestServer;

beforeAll(async () => {
  [sandbox, shortLived] = await Promise.all([
    startAuthServer(),
    startAuthServer({ accessTokenTtlSeconds: 1 }),
  ]);
});
afterAll(() => Promise.all([sandbox.close(), shortLived.close()]));

async function apiKeyToken(server: AuthTestServer): Promise<string> {
  const res = await fetch(`${server.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'technician-key',
      client_secret: 'technician-secret',
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function rejection(authorization: string | undefined): Promise<string> {
  const error: unknown = await sandbox.auth.authenticate(authorization).then(
    () => new Error('accepted'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return (error as AuthError).message;
}

async function signedWithForeignKey(kid: string | undefined): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT({ client_id: 'technician-key' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(kid ? { kid } : {}) })
    .setIssuer(sandbox.issuer)
    .setAudience(`${sandbox.config.publicUrl}/graphql`)
    .setSubject('1')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

describe('authenticate(Authorization header)', () => {
  it('accepts the Bearer scheme', async () => {
    const token = await apiKeyToken(sandbox);
    await expect(sandbox.auth.authenticate(`Bearer ${token}`)).resolves.toMatchObject({ userId: 1 });
  });

  it('derives the principal of a signed-in user from the login flow token', async () => {
    const tokens = await signIn(sandbox.issuer, 'viewer@example.com', 'viewer');
    await expect(sandbox.auth.authenticate(`Bearer ${tokens.access_token}`)).resolves.toEqual({
      userId: 2,
      role: 'viewer',
      kind: 'user',
      clientId: 'floor-app',
    });
  });

  it('derives the principal of an API key from its client-credentials token', async () => {
    await expect(sandbox.auth.authenticate(`Bearer ${await apiKeyToken(sandbox)}`)).resolves.toEqual({
      userId: 1,
      role: 'technician',
      kind: 'api-key',
      clientId: 'technician-key',
    });
  });

  it('accepts the Token scheme, in any letter case', async () => {
    const token = await apiKeyToken(sandbox);
    await expect(sandbox.auth.authenticate(`Token ${token}`)).resolves.toMatchObject({ userId: 1 });
    await expect(sandbox.auth.authenticate(`bearer ${token}`)).resolves.toMatchObject({ userId: 1 });
    await expect(sandbox.auth.authenticate(`TOKEN ${token}`)).resolves.toMatchObject({ userId: 1 });
  });

  it('asks for proper credentials when the header is missing, empty or of another scheme', async () => {
    expect(await rejection(undefined)).toBe('Please provide proper credentials');
    expect(await rejection('')).toBe('Please provide proper credentials');
    expect(await rejection('Bearer')).toBe('Please provide proper credentials');
    expect(await rejection('Basic dGVjaG5pY2lhbi1rZXk6dGVjaG5pY2lhbi1zZWNyZXQ=')).toBe(
      'Please provide proper credentials',
    );
  });

  it('cannot parse something that is not a JWT', async () => {
    expect(await rejection('Bearer not-a-jwt')).toBe('Unable to parse authentication token');
    expect(await rejection('Bearer a.b.c')).toBe('Unable to parse authentication token');
    const token = await apiKeyToken(sandbox);
    expect(await rejection(`Bearer ${token.slice(0, 40)}`)).toBe('Unable to parse authentication token');
  });

  it('finds no RSA key for a token signed by a foreign key', async () => {
    expect(await rejection(`Bearer ${await signedWithForeignKey('someone-else')}`)).toBe(
      'Unable to find appropriate RSA key',
    );
    expect(await rejection(`Bearer ${await signedWithForeignKey(undefined)}`)).toBe(
      'Unable to find appropriate RSA key',
    );
  });

  it('finds no RSA key for a foreign key that reuses the provider key id', async () => {
    const kid = decodeProtectedHeader(await apiKeyToken(sandbox)).kid;
    expect(await rejection(`Bearer ${await signedWithForeignKey(kid)}`)).toBe(
      'Unable to find appropriate RSA key',
    );
  });

  it('rejects an ID token: its audience is the app, not the API', async () => {
    const tokens = await signIn(sandbox.issuer, 'viewer@example.com', 'viewer');
    expect(await rejection(`Bearer ${tokens.id_token}`)).toBe(
      'Incorrect claims, please check the audience and issuer',
    );
  });

  it('rejects a token of another sandbox instance (other keys)', async () => {
    expect(await rejection(`Bearer ${await apiKeyToken(shortLived)}`)).toBe(
      'Unable to find appropriate RSA key',
    );
  });

  it('says "Token is expired." once the token lifetime has passed', async () => {
    const token = await apiKeyToken(shortLived);
    // A one-second token of this instance. That a valid token is accepted is shown above: here a
    // first call could already come after `exp` on a busy machine.
    const { exp, iat } = decodeJwt(token);
    expect(exp! - iat!).toBe(1);
    // Waits for the clock to pass `exp` (jose allows no tolerance unless asked), then some.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp! * 1000 - Date.now()) + 1100));
    await expect(shortLived.auth.authenticate(`Bearer ${token}`)).rejects.toThrow(
      new AuthError('Token is expired.'),
    );
  });
});
