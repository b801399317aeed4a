import type { IntlShape, MessageDescriptor } from 'react-intl';
import { defineMessages, plainEnglish } from '../i18n/descriptors.ts';
import { isJsonObject } from '../lib/jsonObject.ts';
import {
  isShareSetting,
  UNCLAIMED_SHARE_SETTINGS,
  type UnclaimedShareSettings,
} from '../share/shareBudget.ts';

/**
 * Runtime configuration, read from /config.json at start so one build serves any environment. The
 * budget of files shared while nobody was signed in (UnclaimedShareSettings) is read by the service
 * worker too.
 */
export interface AppConfig extends UnclaimedShareSettings {
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
  /** Longest video clip recorded in the app, in seconds (default 60): it stops by itself there. */
  maxClipSeconds?: number;
  /** Longest voice note, in seconds (default 120). */
  maxVoiceSeconds?: number;
  /**
   * How long a request to the API may go unanswered before the app treats the server as unreachable
   * and carries on from what is kept (default 15 000 ms).
   */
  apiTimeoutMs?: number;
}

export const DEFAULT_PHOTO_MAX_EDGE_PX = 2560;
export const DEFAULT_PHOTO_JPEG_QUALITY = 0.85;
export const DEFAULT_PINNED_BUDGET_MB = 200;
export const DEFAULT_MAX_CLIP_SECONDS = 60;
export const DEFAULT_MAX_VOICE_SECONDS = 120;

/**
 * The error page's sentences. The names in quotes and in arguments are the file's own (`apiUrl`,
 * `oidc.scopes`, …): the person who fixes the file looks for them as they are.
 */
const PROBLEMS = defineMessages({
  notAnObject: { defaultMessage: 'The configuration is not a JSON object.', id: 'Fj2TD1' },
  invalid: { defaultMessage: 'The configuration is invalid.', id: 'I1C+k7' },
  notFetched: { defaultMessage: 'The configuration at {url} could not be fetched.', id: 'b99fBz' },
  missing: { defaultMessage: 'The configuration at {url} is missing (HTTP {status}).', id: 'dQCydD' },
  notJson: { defaultMessage: 'The configuration at {url} is not valid JSON.', id: '6WbF98' },
  url: {
    defaultMessage: '"{field}" must be a URL.',
    id: 'YRBhMg',
    description: 'A setting of the configuration file; {field} is its name in the file',
  },
  httpUrl: {
    defaultMessage: '"{field}" must be an http(s) URL, got "{value}".',
    id: 'nLFL3a',
    description: 'A setting of the configuration file; {field} is its name, {value} what the file has',
  },
  text: {
    defaultMessage: '"{field}" must be a non-empty string.',
    id: 'KD2kDv',
    description: 'A setting of the configuration file; {field} is its name in the file',
  },
  oidc: {
    defaultMessage: '"{field}" must be an object with authority, clientId and scopes.',
    id: 'CR4zvB',
    description: 'A setting of the configuration file; authority, clientId and scopes are names in the file',
  },
  openid: {
    defaultMessage: '"{field}" must include "openid".',
    id: 'QBKewb',
    description: 'A setting of the configuration file; openid is a name in the file',
  },
  positiveWhole: {
    defaultMessage: '"{field}" must be a positive whole number.',
    id: 'u9+gx3',
    description: 'A setting of the configuration file; {field} is its name in the file',
  },
  pixels: {
    defaultMessage: '"{field}" must be a whole number of pixels, at least {min}.',
    id: '5p97/j',
    description: 'A setting of the configuration file; {field} is its name in the file',
  },
  megabytes: {
    defaultMessage: '"{field}" must be a whole number of megabytes, at least {min}.',
    id: 'xe8K2O',
    description: 'A setting of the configuration file; {field} is its name in the file',
  },
  milliseconds: {
    defaultMessage: '"{field}" must be a whole number of milliseconds, at least {min}.',
    id: 'QDICLW',
    description: 'A setting of the configuration file; {field} is its name in the file',
  },
  quality: {
    defaultMessage: '"{field}" must be a number above 0 and at most 1.',
    id: 'z5AAbd',
    description: 'A setting of the configuration file; {field} is its name in the file',
  },
  boolean: {
    defaultMessage: '"{field}" must be true or false.',
    id: '7K1QoU',
    description: 'A setting of the configuration file; {field} is its name, true and false its values',
  },
});

/** One sentence of the error page: a message and its arguments, or words from elsewhere (the browser's). */
export type ConfigProblem =
  { message: MessageDescriptor; values?: Record<string, string> } | { shown: string };

/** `problem` in the language of `intl`: what the error page shows. */
export function formatConfigProblem(intl: IntlShape, problem: ConfigProblem): string {
  return 'shown' in problem ? problem.shown : intl.formatMessage(problem.message, problem.values);
}

const englishOf = (problem: ConfigProblem): string =>
  'shown' in problem ? problem.shown : plainEnglish(problem.message, problem.values);

const problem = (message: MessageDescriptor, values?: Record<string, string>): ConfigProblem => ({
  message,
  ...(values && { values }),
});

/**
 * The configuration could not be loaded or is invalid: `summary` and each of `details` for the error
 * page (in the language it is shown in); `message` and `problems` in English, for logs. The entry
 * loads this module: it formats without the ICU runtime, which comes with the screens.
 */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(
    readonly summary: ConfigProblem,
    readonly details: readonly ConfigProblem[] = [],
  ) {
    super(englishOf(summary));
    this.problems = details.map(englishOf);
    this.name = 'ConfigError';
  }
}

function httpUrl(value: unknown, field: string, problems: ConfigProblem[]): string {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(problem(PROBLEMS.url, { field }));
    return '';
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
  } catch {
    problems.push(problem(PROBLEMS.httpUrl, { field, value }));
  }
  return value.replace(/\/+$/, '');
}

function text(value: unknown, field: string, problems: ConfigProblem[]): string {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(problem(PROBLEMS.text, { field }));
    return '';
  }
  return value.trim();
}

/** Validates parsed JSON; throws ConfigError listing every problem at once. */
export function parseAppConfig(json: unknown): AppConfig {
  const problems: ConfigProblem[] = [];
  if (!isJsonObject(json)) throw new ConfigError(problem(PROBLEMS.notAnObject));
  const oidc = isJsonObject(json.oidc) ? json.oidc : {};
  if (!isJsonObject(json.oidc)) problems.push(problem(PROBLEMS.oidc, { field: 'oidc' }));
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
    problems.push(problem(PROBLEMS.openid, { field: 'oidc.scopes' }));
  }
  const max = json.maxUploadBytes;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max <= 0) {
    problems.push(problem(PROBLEMS.positiveWhole, { field: 'maxUploadBytes' }));
  } else {
    config.maxUploadBytes = max;
  }
  const edge = json.photoMaxEdgePx;
  if (edge !== undefined) {
    if (typeof edge !== 'number' || !Number.isSafeInteger(edge) || edge < 320) {
      problems.push(problem(PROBLEMS.pixels, { field: 'photoMaxEdgePx', min: '320' }));
    } else {
      config.photoMaxEdgePx = edge;
    }
  }
  const quality = json.photoJpegQuality;
  if (quality !== undefined) {
    if (typeof quality !== 'number' || !(quality > 0 && quality <= 1)) {
      problems.push(problem(PROBLEMS.quality, { field: 'photoJpegQuality' }));
    } else {
      config.photoJpegQuality = quality;
    }
  }
  const admins = json.adminsMayDiscardKeptFiles;
  if (admins !== undefined) {
    if (typeof admins !== 'boolean') {
      problems.push(problem(PROBLEMS.boolean, { field: 'adminsMayDiscardKeptFiles' }));
    } else config.adminsMayDiscardKeptFiles = admins;
  }
  const budget = json.pinnedBudgetMb;
  if (budget !== undefined) {
    if (typeof budget !== 'number' || !Number.isSafeInteger(budget) || budget < 1) {
      problems.push(problem(PROBLEMS.megabytes, { field: 'pinnedBudgetMb', min: '1' }));
    } else config.pinnedBudgetMb = budget;
  }
  for (const field of ['maxClipSeconds', 'maxVoiceSeconds'] as const) {
    const seconds = json[field];
    if (seconds === undefined) continue;
    if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds < 1) {
      problems.push(problem(PROBLEMS.positiveWhole, { field }));
    } else config[field] = seconds;
  }
  const timeout = json.apiTimeoutMs;
  if (timeout !== undefined) {
    if (typeof timeout !== 'number' || !Number.isSafeInteger(timeout) || timeout < 1000) {
      problems.push(problem(PROBLEMS.milliseconds, { field: 'apiTimeoutMs', min: '1000' }));
    } else config.apiTimeoutMs = timeout;
  }
  for (const field of UNCLAIMED_SHARE_SETTINGS) {
    const value = json[field];
    if (value === undefined) continue;
    if (!isShareSetting(value)) problems.push(problem(PROBLEMS.positiveWhole, { field }));
    else config[field] = value;
  }
  if (problems.length > 0) throw new ConfigError(problem(PROBLEMS.invalid), problems);
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
    // The browser's own words for what went wrong, shown as they are.
    throw new ConfigError(problem(PROBLEMS.notFetched, { url }), [{ shown: String(error) }]);
  }
  if (!response.ok) {
    throw new ConfigError(problem(PROBLEMS.missing, { url, status: String(response.status) }));
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigError(problem(PROBLEMS.notJson, { url }));
  }
  return parseAppConfig(json);
}
