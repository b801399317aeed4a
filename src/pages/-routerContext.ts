import type { ApolloClient } from '@apollo/client';
import type { AuthSession } from '../auth/authSession.ts';

/** What every route's beforeLoad and loader receive (built by the composition root, app/startApp). */
export interface RouterContext {
  auth: AuthSession;
  apolloClient: ApolloClient;
}
