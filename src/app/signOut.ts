import type { ApolloClient } from '@apollo/client';
import type { AuthSession, SignOut } from '../auth/authSession.ts';
import { rememberSignOutPage } from '../auth/signOutReturn.ts';
import { keysOf, STORAGE_KEYS, type StoredItem } from '../lib/storageKeys.ts';
import type { ShareInbox } from '../share/shareInbox.ts';
import type { KeptRecords } from '../graphql/keptRecords.ts';
import type { PinnedRecords } from '../pins/pinnedRecords.ts';
import type { UploadQueue } from '../upload/uploadQueue.ts';

/** The web storage items sign-out removes: every one lib/storageKeys.ts marks 'cleared'. */
export const CLEARED_WEB_STORAGE: readonly StoredItem[] = Object.values(STORAGE_KEYS).filter(
  (item: StoredItem) =>
    item.onSignOut === 'cleared' && (item.area === 'localStorage' || item.area === 'sessionStorage'),
);

function clearWebStorage(storages: { localStorage: Storage; sessionStorage: Storage }): void {
  for (const item of CLEARED_WEB_STORAGE) {
    const storage = storages[item.area as 'localStorage' | 'sessionStorage'];
    try {
      for (const key of keysOf(item, storage)) storage.removeItem(key);
    } catch {
      // Storage that cannot be read cannot hold anything of this person's either.
    }
  }
}

/** What ending a person's session on this page needs: their data, in memory and on the device. */
interface PersonData {
  client: ApolloClient;
  uploads: UploadQueue;
  storages?: { localStorage: Storage; sessionStorage: Storage };
  /** Records kept for offline use; absent in component tests. */
  keptRecords?: KeptRecords;
  /** Records pinned for the shift and their kept copies; absent in component tests. */
  pinned?: PinnedRecords;
}

const browserStorages = () => ({ localStorage: window.localStorage, sessionStorage: window.sessionStorage });

/** Forgets, in memory and on the device, what sign-out clears (the upload queue aside). */
async function forgetPersonData(deps: PersonData): Promise<void> {
  // Cleared first so no response still arriving is written again under their name.
  await deps.keptRecords?.clear().catch(() => undefined);
  await deps.pinned?.clear().catch(() => undefined);
  await deps.client.clearStore();
}

/**
 * The session of this page's person ended: signed out here, or in another tab of this device (the
 * session ends at once in every tab, see auth/signOutSignal.ts). Their files stop and stay stored for
 * them, and nothing of theirs stays in memory or is written again, whatever this page was doing.
 * Cleared again here after a sign-out elsewhere: this page may have written after that tab cleared.
 */
export function createEndOfSession(deps: PersonData): () => Promise<void> {
  const storages = deps.storages ?? browserStorages();
  return async () => {
    deps.uploads.suspend();
    await forgetPersonData(deps).catch(() => undefined);
    clearWebStorage(storages);
  };
}

/** How long a sign-out waits for a recording's last slice to be stored. */
const KEEP_RECORDINGS_MS = 5_000;

/** Settles when `work` does (fulfilled or not), or after `ms`, whichever comes first. */
function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/**
 * What "Sign out" does, in one place: the shell asks the technician first when files are pending or
 * could not be sent (see SignOutDialog) and calls the function this returns with their choice. What
 * is cleared is what lib/storageKeys.ts marks 'cleared' (and the session its own); it all happens on
 * this device, offline too, before the identity provider is asked to end its session.
 */
export function createSignOut(
  deps: PersonData & {
    session: AuthSession;
    /** null where the app runs without a share target (component tests). */
    shareInbox: ShareInbox | null;
    /** Stops what is being recorded here and settles once it is stored (absent in component tests). */
    keepRecordings?: () => Promise<void>;
  },
): SignOut {
  const storages = deps.storages ?? browserStorages();
  return async ({ discardFiles, returnTo }) => {
    const person = deps.session.getPerson();
    // A clip or voice note being recorded stops here, stored before the page leaves: its owner is
    // offered it at their next sign-in. Storage that fails or does not answer does not hold the
    // sign-out up for more than a few seconds.
    if (deps.keepRecordings) await settledWithin(deps.keepRecordings(), KEEP_RECORDINGS_MS);
    // Every other tab ends this person's session now, while this one clears up.
    deps.session.beginSignOut();
    // Kept files stay stored, bound to this person: nobody else's sign-in sends them.
    if (discardFiles) await deps.uploads.discardAll();
    // Nothing of this user's data stays in memory, nor kept on the device, for the next person here.
    await forgetPersonData(deps);
    // Shared files go with the person who shared them. Should the inbox fail, signing out still goes
    // on: the shares stay bound to this person (nobody else is offered them) and expire by themselves.
    if (person) await deps.shareInbox?.discardOwnedBy(person).catch(() => undefined);
    clearWebStorage(storages);
    // Back here if the identity provider's answer is "Stay signed in".
    rememberSignOutPage(returnTo, person, storages.sessionStorage);
    return deps.session.signOut();
  };
}
