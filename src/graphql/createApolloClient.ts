import { ApolloClient, type InMemoryCache } from '@apollo/client';
import type { AuthSession } from '../auth/authSession.ts';
import { createCache } from './cache.ts';
import { createLink, type LinkDependencies } from './links.ts';
import { attachmentsReadByPanel } from './attachmentsReadByPanel.ts';
import { DEFAULT_API_TIMEOUT_MS, reachability, reachabilityFetch } from '../lib/reachability.ts';

export function createApolloClient(
  deps: LinkDependencies,
  cache: InMemoryCache = createCache(),
): ApolloClient {
  return new ApolloClient({ link: createLink(deps), cache, documentTransform: attachmentsReadByPanel });
}

/** The app's GraphQL client for one API and session. */
export function createAppApolloClient(
  apiUrl: string,
  session: AuthSession,
  kept?: { cache: InMemoryCache; onResponse: NonNullable<LinkDependencies['onResponse']> },
  timeoutMs: () => number = () => DEFAULT_API_TIMEOUT_MS,
): ApolloClient {
  return createApolloClient(
    {
      uri: () => apiUrl,
      getAccessToken: () => session.getAccessToken(),
      renewAccessToken: () => session.renew(),
      onSessionEnded: () => session.endSession(),
      // Late-bound so the fetch in effect at request time is used. Every answer or failure feeds the
      // one store of whether the API is reachable, and a request that hangs gives up in time.
      fetch: reachabilityFetch((input, init) => fetch(input, init), reachability, timeoutMs),
      isReachable: reachability.isReachable,
      ...(kept && { onResponse: kept.onResponse }),
    },
    kept?.cache,
  );
}
