import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { JWK } from 'jose';
import type { SandboxConfig } from '../config.ts';

/**
 * ION's identity provider is Keycloak, and API keys live in its realm `api-keys`. A generic OIDC or
 * OAuth library pointed at `https://<auth host>/realms/api-keys` (or the older `/auth/realms/api-keys`)
 * reads the realm's discovery document, then its token and certs endpoints. The sandbox answers the
 * same paths; the token endpoint is its own provider's (see index.ts), the certs its signing keys.
 */
export const REALM_PREFIXES = ['/realms/api-keys', '/auth/realms/api-keys'];
const OPENID_CONNECT = '/protocol/openid-connect';
export const TOKEN_SUFFIX = `${OPENID_CONNECT}/token`;
const CERTS_SUFFIX = `${OPENID_CONNECT}/certs`;
const DISCOVERY_SUFFIX = '/.well-known/openid-configuration';

/** Host header values that can be put into a URL as they are. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The base URL the client used, since an OIDC client checks that the discovery document's issuer is the
 * URL it was given: SANDBOX_PUBLIC_URL when set, else the request's scheme and Host.
 */
function requestOrigin(req: IncomingMessage, config: SandboxConfig): string {
  const secure = (req.socket as TLSSocket).encrypted === true;
  const fallback = secure && config.httpsUrl ? config.httpsUrl : config.publicUrl;
  if (config.publicUrlIsSet) return config.publicUrl;
  const host = req.headers.host;
  return host && PLAIN_HOST.test(host) ? `${secure ? 'https' : 'http'}://${host}` : fallback;
}

/**
 * The realm's issuer as the client sees it (the discovery document's `issuer`): Keycloak signs the realm's
 * tokens with it, and a client that checks `iss` against discovery (authlib, jose with `issuer`) needs it.
 */
export function realmIssuer(req: IncomingMessage, config: SandboxConfig, prefix: string): string {
  return `${requestOrigin(req, config)}${prefix}`;
}

/** The realm issuer a token request came in under (its token path), for the token the provider signs. */
const realmOfRequest = new WeakMap<IncomingMessage, string>();

/** Remembers that this token request came through the realm's token path, under that issuer. */
export function markRealmTokenRequest(req: IncomingMessage, config: SandboxConfig, prefix: string): void {
  realmOfRequest.set(req, realmIssuer(req, config, prefix));
}

/** The realm issuer of a token request that came through the realm's token path; undefined for /oidc. */
export function realmIssuerOf(req: IncomingMessage | undefined): string | undefined {
  return req ? realmOfRequest.get(req) : undefined;
}

/**
 * True for an issuer the realm hands out: http(s), an origin a client could have used (the public URL when
 * SANDBOX_PUBLIC_URL is set), and one of the realm's paths. The sandbox signed the token, so the origin
 * only says which address the client came in by.
 */
export function isRealmIssuer(iss: unknown, config: SandboxConfig): boolean {
  if (typeof iss !== 'string') return false;
  return REALM_PREFIXES.some((prefix) => {
    if (!iss.endsWith(prefix)) return false;
    const origin = iss.slice(0, -prefix.length);
    if (config.publicUrlIsSet) return origin === config.publicUrl;
    const match = /^https?:\/\/(.+)$/.exec(origin);
    return match !== null && PLAIN_HOST.test(match[1]!);
  });
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    // Public documents, read by browser-based clients of any origin (as Keycloak serves them).
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'no-cache',
  });
  res.end(JSON.stringify(body));
}

/** Answers the realm's discovery document and certs; false for any other path. */
export function handleRealmDocument(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  config: SandboxConfig,
  publicKeys: JWK[],
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const prefix = REALM_PREFIXES.find((p) => pathname.startsWith(`${p}/`));
  if (!prefix) return false;
  const rest = pathname.slice(prefix.length);
  if (rest === CERTS_SUFFIX) {
    sendJson(res, { keys: publicKeys });
    return true;
  }
  if (rest !== DISCOVERY_SUFFIX) return false;
  const issuer = realmIssuer(req, config, prefix);
  sendJson(res, {
    issuer,
    token_endpoint: `${issuer}${TOKEN_SUFFIX}`,
    jwks_uri: `${issuer}${CERTS_SUFFIX}`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    // API keys sign nobody in through a browser: no authorization endpoint, no response types.
    response_types_supported: [],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
  });
  return true;
}
