import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartupError } from './contracts.ts';

/** Everything the sandbox reads from its environment, resolved once at start. */
export interface SandboxConfig {
  /** Interface to listen on; the contract is 127.0.0.1. */
  host: string;
  port: number;
  /** Port of the HTTPS listener (same services, self-signed certificate); null when turned off. */
  httpsPort: number | null;
  /**
   * True when httpsPort was derived from the HTTP port (SANDBOX_HTTPS_PORT unset): if it is taken, HTTPS
   * moves to a free port and says so, rather than keeping the sandbox from starting.
   */
  httpsPortDerived: boolean;
  /** Public base URL (no trailing slash), e.g. http://127.0.0.1:4000. Issuer is `${publicUrl}/oidc`. */
  publicUrl: string;
  /**
   * Base URL of the HTTPS listener, e.g. https://127.0.0.1:4443; the same as publicUrl behind a proxy
   * (SANDBOX_PUBLIC_URL set), where the proxy's address is the one to hand out.
   */
  httpsUrl: string | null;
  /** True when SANDBOX_PUBLIC_URL named the public URL: then no URL is derived from a request's Host. */
  publicUrlIsSet: boolean;
  /** Where SQLite and stored objects live. */
  dataDir: string;
  uploadUrlTtlSeconds: number;
  accessTokenTtlSeconds: number;
  /** Parts seeded into a new data directory. */
  seedParts: number;
  /** FILE_ATTACHMENT fields of an extra seeded run step (0: none); for the benchmarks. */
  seedEvidenceFields: number;
  /** Steps of an extra seeded run, each with a FILE_ATTACHMENT and a number field (0: none); for the benchmarks. */
  seedRunSteps: number;
  /** Runs generated beyond the catalogue's into a new data directory (0: none); for performance work. */
  seedRuns: number;
  /** Browser origins allowed by CORS and as OIDC redirect URI origins. */
  allowedOrigins: string[];
  /**
   * Whether the built-in storage says `Vary: Origin` on every answer. Off, an answer to a request without
   * `Origin` (an <img>) has none, as S3 answers it: for proving the app does not depend on it.
   */
  storageVaryOrigin: boolean;
  /** Largest object the storage endpoint accepts (bytes). */
  maxUploadBytes: number;
  /** Largest GraphQL response sent; a bigger one is replaced by an error. */
  maxResponseBytes: number;
  /** A connection silent this long is closed; a request as a whole has no time limit (slow uploads). */
  idleTimeoutMs: number;
  /** A request's headers must have arrived within this (408 and closed otherwise). */
  headersTimeoutMs: number;
  /** A request's body, other than an upload's, must have arrived within this (closed otherwise); 0: none. */
  requestTimeoutMs: number;
  /** Open connections one address may hold (HTTP and HTTPS together); 0: no cap. */
  maxConnectionsPerAddress: number;
  /** How often objects of expired, never-registered upload tickets are deleted. */
  sweepIntervalMs: number;
  /** How long after its URL expired such an object is kept. */
  sweepGraceMs: number;
  storage: StorageConfig;
}

export type StorageConfig =
  | { kind: 'builtin'; bucket: string }
  | {
      kind: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value > 65535) throw new StartupError(`${name} must be a port number (0 to 65535), got "${env[name]}"`);
  return value;
}

/**
 * SANDBOX_HTTPS_PORT: "off" turns HTTPS off; unset means the HTTP port + 443 (4000 → 4443), or a free
 * port (0) when that is no port.
 */
function httpsPortOf(env: NodeJS.ProcessEnv, httpPort: number): number | null {
  if (env.SANDBOX_HTTPS_PORT === 'off') return null;
  const derived = httpPort + 443;
  return port(env, 'SANDBOX_HTTPS_PORT', httpPort === 0 || derived > 65535 ? 0 : derived);
}

/** The HTTPS listener's base URL: behind a proxy the public URL, else https://<host>:<httpsPort>. */
export const httpsUrlOf = (c: Pick<SandboxConfig, 'host' | 'httpsPort' | 'publicUrl' | 'publicUrlIsSet'>) =>
  c.httpsPort === null ? null : c.publicUrlIsSet ? c.publicUrl : `https://${c.host}:${c.httpsPort}`;

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new StartupError(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new StartupError(`${name} must be "on" or "off", got "${raw}"`);
}

export const DEFAULT_ALLOWED_ORIGINS = [
  'http://127.0.0.1:5173',
  'http://localhost:5173',
  'http://127.0.0.1:4173',
  'http://localhost:4173',
];

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<SandboxConfig> = {},
): SandboxConfig {
  const host = env.SANDBOX_HOST || '127.0.0.1';
  const httpPort = port(env, 'SANDBOX_PORT', 4000);
  const storage: StorageConfig = env.SANDBOX_S3_ENDPOINT
    ? {
        kind: 's3',
        endpoint: env.SANDBOX_S3_ENDPOINT,
        region: env.SANDBOX_S3_REGION || 'us-east-1',
        bucket: env.SANDBOX_S3_BUCKET || 'sandbox',
        accessKeyId: env.SANDBOX_S3_ACCESS_KEY_ID || '',
        secretAccessKey: env.SANDBOX_S3_SECRET_ACCESS_KEY || '',
        forcePathStyle: env.SANDBOX_S3_FORCE_PATH_STYLE !== 'false',
      }
    : { kind: 'builtin', bucket: 'sandbox' };
  const publicUrlIsSet = Boolean(env.SANDBOX_PUBLIC_URL);
  const base: SandboxConfig = {
    host,
    port: httpPort,
    httpsPort: httpsPortOf(env, httpPort),
    httpsPortDerived: !env.SANDBOX_HTTPS_PORT,
    publicUrl: (env.SANDBOX_PUBLIC_URL || `http://${host}:${httpPort}`).replace(/\/$/, ''),
    httpsUrl: null,
    publicUrlIsSet,
    dataDir: path.resolve(env.SANDBOX_DATA_DIR || path.join(repoRoot, '.sandbox-data')),
    uploadUrlTtlSeconds: int(env, 'SANDBOX_UPLOAD_URL_TTL_SECONDS', 300),
    accessTokenTtlSeconds: int(env, 'SANDBOX_ACCESS_TOKEN_TTL_SECONDS', 3600),
    seedParts: int(env, 'SANDBOX_SEED_PARTS', 300),
    seedEvidenceFields: int(env, 'SANDBOX_SEED_EVIDENCE_FIELDS', 0),
    seedRunSteps: int(env, 'SANDBOX_SEED_RUN_STEPS', 0),
    seedRuns: int(env, 'SANDBOX_SEED_RUNS', 0),
    allowedOrigins: env.SANDBOX_ALLOWED_ORIGINS
      ? env.SANDBOX_ALLOWED_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : DEFAULT_ALLOWED_ORIGINS,
    storageVaryOrigin: onOff(env, 'SANDBOX_STORAGE_VARY_ORIGIN', true),
    maxUploadBytes: int(env, 'SANDBOX_MAX_UPLOAD_BYTES', 2 * 1024 ** 3),
    maxResponseBytes: int(env, 'SANDBOX_MAX_RESPONSE_BYTES', 8 * 1024 ** 2),
    idleTimeoutMs: int(env, 'SANDBOX_IDLE_TIMEOUT_SECONDS', 120) * 1000,
    headersTimeoutMs: Math.max(1, int(env, 'SANDBOX_HEADERS_TIMEOUT_SECONDS', 20)) * 1000,
    requestTimeoutMs: int(env, 'SANDBOX_REQUEST_TIMEOUT_SECONDS', 60) * 1000,
    maxConnectionsPerAddress: int(env, 'SANDBOX_MAX_CONNECTIONS_PER_ADDRESS', 128),
    sweepIntervalMs: int(env, 'SANDBOX_SWEEP_INTERVAL_SECONDS', 300) * 1000,
    sweepGraceMs: int(env, 'SANDBOX_SWEEP_GRACE_SECONDS', 3600) * 1000,
    storage,
  };
  const merged = { ...base, ...overrides };
  if (merged.storage.kind === 's3' && (!merged.storage.accessKeyId || !merged.storage.secretAccessKey)) {
    throw new StartupError(
      'SANDBOX_S3_ENDPOINT is set but SANDBOX_S3_ACCESS_KEY_ID or SANDBOX_S3_SECRET_ACCESS_KEY is not: URLs would be signed with no key.',
    );
  }
  if (overrides.port !== undefined && overrides.publicUrl === undefined && !env.SANDBOX_PUBLIC_URL) {
    merged.publicUrl = `http://${merged.host}:${merged.port}`;
    // A test's free HTTP port (0) asks for a free HTTPS port too, never the fixed default.
    if (overrides.httpsPort === undefined) merged.httpsPort = httpsPortOf(env, merged.port);
  }
  if (overrides.publicUrl !== undefined) merged.publicUrlIsSet = true;
  if (overrides.httpsUrl === undefined) merged.httpsUrl = httpsUrlOf(merged);
  return merged;
}
