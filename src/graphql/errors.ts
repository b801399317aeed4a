import {
  CombinedGraphQLErrors,
  CombinedProtocolErrors,
  ServerError,
  ServerParseError,
} from '@apollo/client/errors';
import { InvariantError } from '@apollo/client/utilities/invariant';
import {
  FAILURE_WORDS,
  isAbort,
  isReadableServerMessage,
  isTransientStatus,
  retryAfterMs,
  WordedError,
} from '../failures/failures.ts';

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

/** No answer came at all (offline, dead Wi-Fi): what is kept on the device is all there is. */
export function isUnreachable(error: unknown): boolean {
  return isNetworkFailure(error);
}

/**
 * Apollo gave up waiting for a request because its store was reset (a sign-out clears it) or the client
 * stopped: the request did not fail, and sent again it may well succeed. Apollo words this only in its
 * development build; elsewhere the message is a go.apollo.dev link that carries the message number
 * (94: stopped, 96: reset).
 */
export function isClientReset(error: unknown): boolean {
  if (!(error instanceof InvariantError)) return false;
  let message = error.message;
  try {
    message = decodeURIComponent(message);
  } catch {
    // Not encoded: read as it is.
  }
  return /Store reset while|QueryManager stopped while|"message":\s*(94|96)\b/.test(message);
}

/** Worth retrying with backoff: no response at all, rate limited, a server-side failure, or a reset. */
export function isTransientFailure(error: unknown): boolean {
  if (isAbort(error)) return false;
  if (isClientReset(error)) return true;
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
 * read here, and the app's own transports (upload, storage, hashing) throw WordedErrors already
 * carrying their words from failures/failures.ts. Nothing else's own text is ever passed on. Whether the device is offline is for the connectivity port to
 * say, not this message.
 */
export function toUserMessage(error: unknown): string {
  if (isAbort(error)) return FAILURE_WORDS.cancelled;
  if (error instanceof WordedError) return error.message;
  if (isClientReset(error)) return FAILURE_WORDS.interrupted;
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
  // Only a server's own short sentence is passed on; anything else gets the vocabulary's words.
  const first = messages.find(isReadableServerMessage);
  if (first) return FAILURE_WORDS.refused(first);
  if (status !== undefined) return FAILURE_WORDS.refusedStatus(status);
  return FAILURE_WORDS.unknown;
}
