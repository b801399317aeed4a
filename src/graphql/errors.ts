import {
  CombinedGraphQLErrors,
  CombinedProtocolErrors,
  ServerError,
  ServerParseError,
} from '@apollo/client/errors';

/**
 * An error whose message is already written for a technician (e.g. from the upload pipeline);
 * toUserMessage passes it through unchanged.
 */
export class UserFacingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UserFacingError';
  }
}

/** The real service's messages for a token it will not accept (api-spec, ion-facts). */
const AUTH_MESSAGES = [
  'Token is expired.',
  'Please provide proper credentials',
  'Unable to parse authentication token',
  'Unable to find appropriate RSA key',
];

const SESSION_MESSAGE = 'Your session has ended. Sign in again to continue.';
const PERMISSION_MESSAGE = 'You do not have permission to do this. Ask a supervisor if you need it.';
const BUSY_MESSAGE = 'The server is busy. Wait a moment and try again.';
const SERVER_MESSAGE = 'The server had a problem. Wait a moment and try again.';
const OFFLINE_MESSAGE = 'Cannot reach the server. Check the Wi-Fi connection and try again.';

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

function statusOf(error: unknown): number | undefined {
  if (ServerError.is(error) || ServerParseError.is(error)) return error.statusCode;
  return undefined;
}

/** DOMException is not an Error subclass everywhere, so match by name. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** fetch() rejects with a TypeError when the network is down, DNS fails or CORS refuses. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Worth retrying with backoff: no response at all, rate limited, or a server-side failure. */
export function isTransientFailure(error: unknown): boolean {
  if (isAbort(error)) return false;
  const status = statusOf(error);
  if (status !== undefined) return status === 429 || status === 408 || status >= 500;
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

/** The one place that turns any failure into a sentence a technician can act on. */
export function toUserMessage(error: unknown): string {
  if (error instanceof UserFacingError) return error.message;
  if (isAbort(error)) return 'The request was cancelled.';
  if (isAuthFailure(error)) return SESSION_MESSAGE;

  const status = statusOf(error);
  const messages = errorMessagesOf(error);
  if (isPermissionRefusal(error)) return PERMISSION_MESSAGE;
  if (status === 404 || messages.some(isNotFoundMessage)) return 'That record was not found. Check the id.';
  if (status === 413) return 'The file is too large for the server.';
  if (status === 429) return BUSY_MESSAGE;
  if (status !== undefined && status >= 500) return SERVER_MESSAGE;
  if (ServerParseError.is(error)) return SERVER_MESSAGE;
  if (isNetworkFailure(error)) {
    return typeof navigator !== 'undefined' && navigator.onLine === false
      ? 'This device is offline. Reconnect to the Wi-Fi and try again.'
      : OFFLINE_MESSAGE;
  }
  const first = messages[0];
  if (first) return `The server refused the request: ${first}`;
  if (status !== undefined) return `The server refused the request (HTTP ${status}).`;
  if (error instanceof Error && error.message) return `Something went wrong: ${error.message}`;
  return 'Something went wrong. Try again.';
}
