import { endSession, getAccessToken, renewAccessToken } from '../auth/tokens';
import { getAppConfig } from '../config/appConfig';
import { createApolloClient } from './createApolloClient';
import { notifyFailure } from './notifyFailure';

/** The app's one GraphQL client. */
export const apolloClient = createApolloClient({
  uri: () => getAppConfig().apiUrl,
  getAccessToken,
  renewAccessToken,
  onSessionEnded: endSession,
  notify: notifyFailure,
  // Late-bound so the fetch in effect at request time is used.
  fetch: (input, init) => fetch(input, init),
});
