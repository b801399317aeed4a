import type { ApolloClient } from '@apollo/client';
import type { AppConfig } from '../config/appConfig.ts';
import { graphql } from '../graphql/generated/index.ts';

/** Whether the signed-in person is one of the API's administrators. */
export const KeptFilesAdminQuery = graphql(`
  query KeptFilesAdmin {
    me {
      id
      isAdmin
    }
  }
`);

/**
 * Whether the signed-in person may discard files other people left on this device: an administrator
 * (as the API last said; asked when such files are shown), and only where config.json allows it.
 */
export function keptFilesAdmin(client: ApolloClient, config: AppConfig): () => boolean {
  return () =>
    config.adminsMayDiscardKeptFiles === true &&
    client.readQuery({ query: KeptFilesAdminQuery })?.me?.isAdmin === true;
}
