import type { ApolloClient } from '@apollo/client';
import type { AuthSession, SignOut } from '../auth/authSession.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { createAppApolloClient } from '../graphql/createApolloClient.ts';
import { createCache } from '../graphql/cache.ts';
import { createIdbKeptRecordsStore } from '../graphql/idbKeptRecordsStore.ts';
import { KeptRecords } from '../graphql/keptRecords.ts';
import type { ShareInbox } from '../share/shareInbox.ts';
import { createAppUploadQueue } from '../upload/appUploadQueue.ts';
import type { UploadQueue } from '../upload/uploadQueue.ts';
import { createEndOfSession, createSignOut } from './signOut.ts';
import { keepEveryRecording } from '../features/upload/services.ts';
import { createPinnedRecords } from './pinnedServices.ts';
import type { PinnedRecords } from '../pins/pinnedRecords.ts';
import type { LanguageChoice } from '../i18n/index.ts';
import { DEFAULT_API_TIMEOUT_MS, reachability, urlProbe } from '../lib/reachability.ts';

/** Everything the app is wired from, built once by startApp (or by renderApp with test doubles). */
export interface AppServices {
  config: AppConfig;
  session: AuthSession;
  client: ApolloClient;
  uploads: UploadQueue;
  /** Files shared into the app (share target); null where there is none (component tests). */
  shareInbox: ShareInbox | null;
  signOut: SignOut;
  /** Ends this page's part of the session once its person signed out, here or in another tab. */
  endOfSession: () => Promise<void>;
  /** Records kept on the device for a shift offline; absent in component tests. */
  keptRecords?: KeptRecords;
  /** Records pinned for the shift, with their kept copies; absent in component tests. */
  pinned?: PinnedRecords;
  /** The language the app speaks, per person on this device; English when absent (component tests). */
  languages?: LanguageChoice;
}

/**
 * The composition root's order: configuration → session → kept records and GraphQL client → upload queue (with the
 * share inbox) → sign-out.
 */
export function createAppServices(
  config: AppConfig,
  session: AuthSession,
  shareInbox: ShareInbox | null,
): AppServices {
  const cache = createCache();
  const keptRecords = new KeptRecords({
    store: createIdbKeptRecordsStore(),
    cache,
    owner: () => session.getPerson(),
  });
  const timeoutMs = () => config.apiTimeoutMs ?? DEFAULT_API_TIMEOUT_MS;
  const client = createAppApolloClient(
    config.apiUrl,
    session,
    { cache, onResponse: (data, operation) => keptRecords.noteResponse(data, operation) },
    timeoutMs,
  );
  // Unreachable, the API is asked again with backoff (and at once on online, focus, shown again).
  reachability.setProbe(urlProbe(config.apiUrl, timeoutMs));
  reachability.attach(window, document);
  const uploads = createAppUploadQueue({ client, session, config });
  const pinned = createPinnedRecords({ config, session, client, keptRecords });
  const signOut = createSignOut({
    session,
    client,
    uploads,
    shareInbox,
    keptRecords,
    pinned,
    keepRecordings: keepEveryRecording,
  });
  const endOfSession = createEndOfSession({ client, uploads, keptRecords, pinned });
  return { config, session, client, uploads, shareInbox, signOut, endOfSession, keptRecords, pinned };
}
