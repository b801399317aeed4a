import { ApolloClient, type InMemoryCache } from '@apollo/client';
import type { AuthSession } from '../auth/authSession';
import { createCache } from './cache';
import { createLink, type LinkDependencies } from './links';
import { attachmentsReadByPanel } from './attachmentsReadByPanel';

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
  kept?: { cache: InMemoryCache; onResponse: (data: unknown) => void },
): ApolloClient {
  return createApolloClient(
    {
      uri: () => apiUrl,
      getAccessToken: () => session.getAccessToken(),
      renewAccessToken: () => session.renew(),
      onSessionEnded: () => session.endSession(),
      // Late-bound so the fetch in effect at request time is used.
      fetch: (input, init) => fetch(input, init),
      ...(kept && { onResponse: kept.onResponse }),
    },
    kept?.cache,
  );
}
