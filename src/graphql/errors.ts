import {
  CombinedGraphQLErrors,
  CombinedProtocolErrors,
  ServerError,
  ServerParseError,
} from '@apollo/client/errors';
import { FAILURE_WORDS, isAbort, isTransientStatus, retryAfterMs } from '../lib/failures';

export { isAbort };

/** The real service's messages for a token it will not accept (api-spec, ion-facts). */
const AUTH_MESSAGES = [
  'Token is expired.',
  'Please provide proper credentials',
  'Unable to parse authentication token',
  'Unable to find appropriate RSA key',
];

/** The `errors[].message` values of a GraphQL error or of a non-2xx body that carries them. */
export function errorMessagesOf(error: unknown): string[] {
  if (CombinedGraphQLErrors.is(error) || CombinedProtocolErrors.is(error)) {
    return error.errors.map((e) => e.message);
  }
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: { message?: unknown }[] };
      return (body.errors ?? []).map((e) => e.message).filter((m): m is string => typeof m === 'string');
    } catch {
      return [];
    }
  }
  return [];
}

/** The API refused the token (401 or one of the real service's token messages): renew, then sign in. */
export function isAuthFailure(error: unknown): boolean {
  if (ServerError.is(error) && error.statusCode === 401) return true;
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some(
      (e) => AUTH_MESSAGES.includes(e.message) || e.extensions?.code === 'UNAUTHENTICATED',
    );
  }
  return false;
}

/** The API's `Retry-After` on a 429 or 503 (capped), or null. */
export function retryAfterOf(error: unknown): number | null {
  return ServerError.is(error) ? retryAfterMs(error.response?.headers.get('Retry-After')) : null;
}

function statusOf(error: unknown): number | undefined {
  if (ServerError.is(error) || ServerParseError.is(error)) return error.statusCode;
  return undefined;
}

/** fetch() rejects with a TypeError when the network is down, DNS fails or CORS refuses. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Worth retrying with backoff: no response at all, rate limited, or a server-side failure. */
export function isTransientFailure(error: unknown): boolean {
  if (isAbort(error)) return false;
  const status = statusOf(error);
  if (status !== undefined) return isTransientStatus(status);
  return isNetworkFailure(error);
}

function isPermissionMessage(message: string): boolean {
  return /permission|not (allowed|authori[sz]ed)|forbidden|access denied/i.test(message);
}

function isNotFoundMessage(message: string): boolean {
  return /not found|does not exist|no such/i.test(message);
}

/** The server refused this user the action (403, FORBIDDEN, or its permission wording): retrying won't help. */
export function isPermissionRefusal(error: unknown): boolean {
  if (statusOf(error) === 403) return true;
  if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'FORBIDDEN')) {
    return true;
  }
  return errorMessagesOf(error).some(isPermissionMessage);
}

/**
 * The one place that turns any failure into a sentence a technician can act on: API failures are
 * read here, and the app's own transports (upload, storage, hashing) throw errors already carrying
 * their words from lib/failures.ts. Whether the device is offline is for the connectivity port to
 * say, not this message.
 */
export function toUserMessage(error: unknown): string {
  if (isAbort(error)) return FAILURE_WORDS.cancelled;
  if (isWorded(error)) return error.message;
  if (isAuthFailure(error)) return FAILURE_WORDS.session;

  const status = statusOf(error);
  const messages = errorMessagesOf(error);
  if (isPermissionRefusal(error)) return FAILURE_WORDS.permission;
  if (status === 404 || messages.some(isNotFoundMessage)) return FAILURE_WORDS.notFound;
  if (status === 413) return FAILURE_WORDS.tooLarge;
  if (status === 429) return FAILURE_WORDS.busy;
  if (status !== undefined && status >= 500) return FAILURE_WORDS.server;
  if (ServerParseError.is(error)) return FAILURE_WORDS.server;
  if (isNetworkFailure(error)) return FAILURE_WORDS.unreachable;
  const first = messages[0];
  if (first) return FAILURE_WORDS.refused(first);
  if (status !== undefined) return FAILURE_WORDS.refusedStatus(status);
  if (error instanceof Error && error.message) return FAILURE_WORDS.unknown(error.message);
  return FAILURE_WORDS.unknown();
}

/** Errors of the app's own transports: their message is already in the vocabulary. */
function isWorded(error: unknown): error is Error {
  return error instanceof Error && (error.name === 'UploadError' || error.name === 'StorageError');
}
