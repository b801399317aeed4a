import type { ApolloClient } from '@apollo/client';
import type { AuthSession, SignOut } from '../auth/authSession';
import { rememberSignOutPage } from '../auth/signOutReturn';
import type { UploadQueue } from '../upload/uploadQueue';

/**
 * What "Sign out" does, in one place: the shell asks the technician first when files are pending
 * (see useSignOutChoices) and calls the function this returns with their choice.
 */
export function createSignOut(deps: {
  session: AuthSession;
  client: ApolloClient;
  uploads: UploadQueue;
}): SignOut {
  return async ({ discardFiles, returnTo }) => {
    // Kept files stay stored, bound to this person: nobody else's sign-in sends them.
    if (discardFiles) await deps.uploads.discardAll();
    // Nothing of this user's data stays in memory for the next person on this tablet.
    await deps.client.clearStore();
    // Back here if the identity provider's answer is "Stay signed in".
    rememberSignOutPage(returnTo, deps.session.getPerson());
    await deps.session.signOut();
  };
}
