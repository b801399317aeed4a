import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWK } from 'jose';
import type { Clock } from '../clock.ts';
import { AuthError, type Principal } from '../contracts.ts';
import { API_CLIENTS, USERS } from '../identities.ts';

/** The real service's messages, word for word. */
export const AUTH_MESSAGES = {
  missing: 'Please provide proper credentials',
  malformed: 'Unable to parse authentication token',
  unknownKey: 'Unable to find appropriate RSA key',
  expired: 'Token is expired.',
  claims: 'Incorrect claims, please check the audience and issuer',
} as const;

// ION accepts the token bare (its own example client sends `Authorization: <token>`), or after Bearer or Token.
const SCHEME = /^(?:(?:bearer|token)\s+)?([^\s]+)\s*$/i;

export interface VerifierOptions {
  publicKeys: JWK[];
  /** Whether a token's `iss` is one this provider signs with. */
  acceptsIssuer(iss: unknown): boolean;
  audience: string;
  clock: Clock;
  /**
   * Whether the grant a person's token names still lives. Sign-out (end-session) and revoking the
   * refresh token end the grant, and with it every access token issued under it, as Keycloak's
   * session-bound tokens stop working when their session ends. Absent: tokens live until they expire.
   */
  grantLive?: (grantId: string) => Promise<boolean>;
  /** The claim naming the grant (see oidc-provider.ts). */
  grantClaim?: string;
}

function toAuthError(error: unknown): AuthError {
  if (error instanceof errors.JWTExpired) return new AuthError(AUTH_MESSAGES.expired);
  if (error instanceof errors.JWTClaimValidationFailed) return new AuthError(AUTH_MESSAGES.claims);
  if (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return new AuthError(AUTH_MESSAGES.unknownKey);
  }
  return new AuthError(AUTH_MESSAGES.malformed);
}

/** Verifies `Bearer`/`Token` access tokens against the provider's own signing keys. */
export function createAccessTokenVerifier({
  publicKeys,
  acceptsIssuer,
  audience,
  clock,
  grantLive,
  grantClaim = 'grant_id',
}: VerifierOptions) {
  const keySet = createLocalJWKSet({ keys: publicKeys });

  return async function authenticate(authorization: string | undefined): Promise<Principal> {
    const token = authorization ? SCHEME.exec(authorization)?.[1] : undefined;
    if (!token || /^(?:bearer|token)$/i.test(token)) throw new AuthError(AUTH_MESSAGES.missing);
    try {
      decodeProtectedHeader(token);
      decodeJwt(token);
    } catch {
      throw new AuthError(AUTH_MESSAGES.malformed);
    }

    let payload;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        audience,
        algorithms: ['RS256'],
        currentDate: new Date(clock.now()),
      }));
    } catch (error) {
      throw toAuthError(error);
    }
    if (!acceptsIssuer(payload.iss)) throw new AuthError(AUTH_MESSAGES.claims);

    const grantId = payload[grantClaim];
    // Signed out or revoked: the token's grant is gone, so is the token (as when it expires).
    if (grantLive && typeof grantId === 'string' && !(await grantLive(grantId))) {
      throw new AuthError(AUTH_MESSAGES.expired);
    }

    const user = USERS.find((u) => String(u.id) === payload.sub);
    const clientId = payload.client_id;
    if (!user || typeof clientId !== 'string') throw new AuthError(AUTH_MESSAGES.missing);
    const apiKey = API_CLIENTS.find((c) => c.clientId === clientId);
    return {
      userId: user.id,
      role: apiKey ? apiKey.role : user.role,
      kind: apiKey ? 'api-key' : 'user',
      clientId,
    };
  };
}
