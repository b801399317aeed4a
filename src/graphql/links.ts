import { ApolloLink } from '@apollo/client/link';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { HttpLink } from '@apollo/client/link/http';
import { RetryLink } from '@apollo/client/link/retry';
import { SetContextLink } from '@apollo/client/link/context';
import { OperationTypeNode } from 'graphql';
import { catchError, from, mergeMap, throwError, map } from 'rxjs';
import { backoffDelay, type BackoffOptions } from '../lib/backoff.ts';
import type { AnsweredOperation } from './keptRecords.ts';

const QUERY_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 8_000 };
import { isAuthFailure, isTransientFailure, retryAfterOf } from './errors.ts';

declare module '@apollo/client' {
  interface DefaultContext {
    /** false: the caller retries transient failures itself (the upload pipeline), so the link does not. */
    retryTransient?: boolean;
  }
}

export interface LinkDependencies {
  /** GraphQL endpoint, read per request (runtime configuration). */
  uri: () => string;
  getAccessToken: () => Promise<string | null>;
  /** Renews the access token once; null when it cannot (the session has ended). */
  renewAccessToken: () => Promise<string | null>;
  /** The API still refuses after a renewal: the user has to sign in again. */
  onSessionEnded: () => void;
  fetch?: typeof fetch;
  backoff?: BackoffOptions;
  /** Total attempts for a query that keeps failing transiently (first try included). */
  maxAttempts?: number;
  /** Told of every successful response's data (records kept for offline use note it). */
  onResponse?: (data: unknown, operation: AnsweredOperation) => void;
  /**
   * Whether the API is worth asking again now (the reachability store; the browser's belief when
   * absent): unreachable, a query fails at once and the page shows what is kept instead of retrying.
   */
  isReachable?: () => boolean;
}

/** Tells `onResponse` of each response that arrived without errors (tap only: the result is unchanged). */
function responseTapLink(onResponse: NonNullable<LinkDependencies['onResponse']>): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        // Told after Apollo has handled the result, never inside its processing of it.
        const { data } = result;
        const { operationName, variables } = operation;
        if (data) setTimeout(() => onResponse(data, { operationName, variables }), 0);
        return result;
      }),
    ),
  );
}

/** Reads the token at request time, so every attempt and retry carries the newest one. */
function authHeaderLink(getAccessToken: LinkDependencies['getAccessToken']): ApolloLink {
  return new SetContextLink(async (prevContext) => {
    const token = await getAccessToken();
    const headers: Record<string, string> = {
      ...(prevContext.headers as Record<string, string> | undefined),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    return { headers };
  });
}

/** The API reports some failures with HTTP 200 and `errors`: treat every such response as a failure. */
function graphQLErrorsAsFailureLink(): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        if (result.errors && result.errors.length > 0) throw new CombinedGraphQLErrors(result, result.errors);
        return result;
      }),
    ),
  );
}

/**
 * A refused token is renewed once and the operation tried once more (mutations too: a refused
 * request did nothing). If renewal fails or the API still refuses, the session has ended.
 */
function renewOnAuthFailureLink(deps: LinkDependencies): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      catchError((error: unknown) => {
        if (!isAuthFailure(error)) return throwError(() => error);
        return from(deps.renewAccessToken()).pipe(
          mergeMap((token) => {
            if (!token) return throwError(() => error);
            return forward(operation).pipe(
              catchError((retryError: unknown) => {
                if (isAuthFailure(retryError)) deps.onSessionEnded();
                return throwError(() => retryError);
              }),
            );
          }),
        );
      }),
    ),
  );
}

/** Only queries are retried: a mutation that hit a 5xx may have been applied already. */
function transientRetryLink(deps: LinkDependencies): ApolloLink {
  const maxAttempts = deps.maxAttempts ?? 4;
  return new RetryLink({
    delay: (retry, _operation, error) =>
      Math.max(backoffDelay(retry, deps.backoff ?? QUERY_BACKOFF), retryAfterOf(error) ?? 0),
    attempts: (retry, operation, error) =>
      retry < maxAttempts &&
      // Offline or unreachable, the page shows what is kept (or says it is not) at once rather than
      // after the backoff.
      (deps.isReachable ? deps.isReachable() : navigator.onLine !== false) &&
      operation.operationType === OperationTypeNode.QUERY &&
      operation.getContext().retryTransient !== false &&
      isTransientFailure(error),
  });
}

/** The whole chain, outermost first. */
export function createLink(deps: LinkDependencies): ApolloLink {
  return ApolloLink.from([
    ...(deps.onResponse ? [responseTapLink(deps.onResponse)] : []),
    renewOnAuthFailureLink(deps),
    transientRetryLink(deps),
    authHeaderLink(deps.getAccessToken),
    graphQLErrorsAsFailureLink(),
    new HttpLink({ uri: () => deps.uri(), fetch: deps.fetch }),
  ]);
}
