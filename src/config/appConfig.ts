/** Runtime configuration, read from /config.json at start so one build serves any environment. */
export interface AppConfig {
  /** GraphQL endpoint, e.g. https://api.buildwithion.com/graphql */
  apiUrl: string;
  oidc: {
    /** Issuer URL of the identity provider. */
    authority: string;
    clientId: string;
    /** Space-separated scopes, e.g. "openid profile email offline_access". */
    scopes: string;
  };
  /** Shown in the shell when not "production", e.g. "sandbox". */
  environment: string;
  /** Largest file the app offers to upload, in bytes. */
  maxUploadBytes: number;
  /** Photos with a longer long edge are scaled down to it before upload (default 2560). */
  photoMaxEdgePx: number;
  /** JPEG quality of photos made lighter, 0–1 (default 0.85). */
  photoJpegQuality: number;
  /**
   * Whether the API's administrators (`me { isAdmin }`) may discard files other people left on a
   * device; without it (the default) only their owner can remove them.
   */
  adminsMayDiscardKeptFiles?: boolean;
  /** Megabytes the copies kept for pinned records may take on the device (default 200). */
  pinnedBudgetMb?: number;
}

export const DEFAULT_PHOTO_MAX_EDGE_PX = 2560;
export const DEFAULT_PHOTO_JPEG_QUALITY = 0.85;
export const DEFAULT_PINNED_BUDGET_MB = 200;

/** The configuration could not be loaded or is invalid; `problems` lists each reason for the error page. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function httpUrl(value: unknown, field: string, problems: string[]): string {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`"${field}" must be a URL.`);
    return '';
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
  } catch {
    problems.push(`"${field}" must be an http(s) URL, got "${value}".`);
  }
  return value.replace(/\/+$/, '');
}

function text(value: unknown, field: string, problems: string[]): string {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`"${field}" must be a non-empty string.`);
    return '';
  }
  return value.trim();
}

/** Validates parsed JSON; throws ConfigError listing every problem at once. */
export function parseAppConfig(json: unknown): AppConfig {
  const problems: string[] = [];
  if (!isRecord(json)) throw new ConfigError('The configuration is not a JSON object.', []);
  const oidc = isRecord(json.oidc) ? json.oidc : {};
  if (!isRecord(json.oidc)) problems.push('"oidc" must be an object with authority, clientId and scopes.');
  const config: AppConfig = {
    apiUrl: httpUrl(json.apiUrl, 'apiUrl', problems),
    oidc: {
      authority: httpUrl(oidc.authority, 'oidc.authority', problems),
      clientId: text(oidc.clientId, 'oidc.clientId', problems),
      scopes: text(oidc.scopes, 'oidc.scopes', problems),
    },
    environment: text(json.environment, 'environment', problems),
    maxUploadBytes: 0,
    photoMaxEdgePx: DEFAULT_PHOTO_MAX_EDGE_PX,
    photoJpegQuality: DEFAULT_PHOTO_JPEG_QUALITY,
  };
  if (config.oidc.scopes && !config.oidc.scopes.split(/\s+/).includes('openid')) {
    problems.push('"oidc.scopes" must include "openid".');
  }
  const max = json.maxUploadBytes;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max <= 0) {
    problems.push('"maxUploadBytes" must be a positive whole number.');
  } else {
    config.maxUploadBytes = max;
  }
  const edge = json.photoMaxEdgePx;
  if (edge !== undefined) {
    if (typeof edge !== 'number' || !Number.isSafeInteger(edge) || edge < 320) {
      problems.push('"photoMaxEdgePx" must be a whole number of pixels, at least 320.');
    } else {
      config.photoMaxEdgePx = edge;
    }
  }
  const quality = json.photoJpegQuality;
  if (quality !== undefined) {
    if (typeof quality !== 'number' || !(quality > 0 && quality <= 1)) {
      problems.push('"photoJpegQuality" must be a number above 0 and at most 1.');
    } else {
      config.photoJpegQuality = quality;
    }
  }
  const admins = json.adminsMayDiscardKeptFiles;
  if (admins !== undefined) {
    if (typeof admins !== 'boolean') problems.push('"adminsMayDiscardKeptFiles" must be true or false.');
    else config.adminsMayDiscardKeptFiles = admins;
  }
  const budget = json.pinnedBudgetMb;
  if (budget !== undefined) {
    if (typeof budget !== 'number' || !Number.isSafeInteger(budget) || budget < 1) {
      problems.push('"pinnedBudgetMb" must be a whole number of megabytes, at least 1.');
    } else config.pinnedBudgetMb = budget;
  }
  if (problems.length > 0) throw new ConfigError('The configuration is invalid.', problems);
  return config;
}

/** Fetches and validates the configuration served next to index.html. */
export async function fetchAppConfig(
  url = '/config.json',
  fetchImpl: typeof fetch = fetch,
): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new ConfigError(`The configuration at ${url} could not be fetched.`, [String(error)]);
  }
  if (!response.ok) {
    throw new ConfigError(`The configuration at ${url} is missing (HTTP ${response.status}).`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigError(`The configuration at ${url} is not valid JSON.`);
  }
  return parseAppConfig(json);
}
