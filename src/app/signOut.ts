import type { ApolloClient } from '@apollo/client';
import type { AuthSession } from '../auth/authSession';
import type { UploadQueue } from '../upload/uploadQueue';

/** What "Sign out" does, in one place: the shell's menu calls the function this returns. */
export function createSignOut(deps: {
  session: AuthSession;
  client: ApolloClient;
  uploads: UploadQueue;
}): () => Promise<void> {
  return async () => {
    // Nothing of this user's data stays in memory for the next person on this tablet.
    await deps.uploads.discardAll();
    await deps.client.clearStore();
    await deps.session.signOut();
  };
}
