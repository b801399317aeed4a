import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AuthError } from '../src/contracts.ts';
import { signIn } from './auth-login-client.ts';
import { useSandbox, type SharedSandbox } from './use-sandbox.ts';

const api = useSandbox();
/** Another instance, with keys of its own. */
const other = useSandbox();

const apiKeyToken = (server: SharedSandbox) => server.token('technician');
const authenticate = (authorization: string | undefined) => api.sandbox.auth.authenticate(authorization);

async function rejection(authorization: string | undefined): Promise<string> {
  const error: unknown = await authenticate(authorization).then(
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
    .setIssuer(api.issuer)
    .setAudience(`${api.url}/graphql`)
    .setSubject('1')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

describe('authenticate(Authorization header)', () => {
  it('accepts the Bearer scheme', async () => {
    const token = await apiKeyToken(api);
    await expect(authenticate(`Bearer ${token}`)).resolves.toMatchObject({ userId: 1 });
  });

  it('derives the principal of a signed-in user from the login flow token', async () => {
    const tokens = await signIn(api.issuer, 'viewer@example.com', 'viewer');
    await expect(authenticate(`Bearer ${tokens.access_token}`)).resolves.toEqual({
      userId: 2,
      role: 'viewer',
      kind: 'user',
      clientId: 'floor-app',
    });
  });

  it('derives the principal of an API key from its client-credentials token', async () => {
    await expect(authenticate(`Bearer ${await apiKeyToken(api)}`)).resolves.toEqual({
      userId: 1,
      role: 'technician',
      kind: 'api-key',
      clientId: 'technician-key',
    });
  });

  it('accepts the Token scheme, in any letter case', async () => {
    const token = await apiKeyToken(api);
    await expect(authenticate(`Token ${token}`)).resolves.toMatchObject({ userId: 1 });
    await expect(authenticate(`bearer ${token}`)).resolves.toMatchObject({ userId: 1 });
    await expect(authenticate(`TOKEN ${token}`)).resolves.toMatchObject({ userId: 1 });
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
    const token = await apiKeyToken(api);
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
    const kid = decodeProtectedHeader(await apiKeyToken(api)).kid;
    expect(await rejection(`Bearer ${await signedWithForeignKey(kid)}`)).toBe(
      'Unable to find appropriate RSA key',
    );
  });

  it('rejects an ID token: its audience is the app, not the API', async () => {
    const tokens = await signIn(api.issuer, 'viewer@example.com', 'viewer');
    expect(await rejection(`Bearer ${tokens.id_token}`)).toBe(
      'Incorrect claims, please check the audience and issuer',
    );
  });

  it('rejects a token of another sandbox instance (other keys)', async () => {
    expect(await rejection(`Bearer ${await apiKeyToken(other)}`)).toBe('Unable to find appropriate RSA key');
  });

  it('says "Token is expired." once the token lifetime has passed', async () => {
    const token = await apiKeyToken(other);
    const { exp, iat } = decodeJwt(token);
    const verify = () => other.sandbox.auth.authenticate(`Bearer ${token}`);
    await expect(verify()).resolves.toMatchObject({ userId: 1 });
    // A minute short of `exp` it is still good; past `exp` it is not (jose allows no tolerance).
    other.sandbox.clock.advance((exp! - iat! - 60) * 1000);
    await expect(verify()).resolves.toMatchObject({ userId: 1 });
    other.sandbox.clock.advance(61_000);
    await expect(verify()).rejects.toThrow(new AuthError('Token is expired.'));
  });
});
