import type { ApolloClient } from '@apollo/client';
import type { AuthSession } from '../auth/authSession';
import type { AppConfig } from '../config/appConfig';
import { createAppApolloClient } from '../graphql/createApolloClient';
import { createAppUploadQueue } from '../upload/appUploadQueue';
import type { UploadQueue } from '../upload/uploadQueue';
import { createSignOut } from './signOut';

/** Everything the app is wired from, built once by startApp (or by renderApp with test doubles). */
export interface AppServices {
  config: AppConfig;
  session: AuthSession;
  client: ApolloClient;
  uploads: UploadQueue;
  signOut: () => Promise<void>;
}

/** The composition root's order: configuration → session → GraphQL client → upload queue → sign-out. */
export function createAppServices(config: AppConfig, session: AuthSession): AppServices {
  const client = createAppApolloClient(config.apiUrl, session);
  const uploads = createAppUploadQueue({ client, session, config });
  return { config, session, client, uploads, signOut: createSignOut({ session, client, uploads }) };
}
