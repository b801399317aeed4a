import type { ApolloClient } from '@apollo/client';
import type { AuthSession } from '../auth/authSession.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { createApolloUploadApi } from './apolloUploadApi.ts';
import { browserClock, browserConnectivity, pollingSessionGate, webLocksOwnership } from './browserPorts.ts';
import { createIdbUploadStore } from './idbUploadStore.ts';
import { md5InWorker } from './md5InWorker.ts';
import { UploadQueue } from './uploadQueue.ts';
import { xhrObjectStorage } from './xhrObjectStorage.ts';

/** The browser's upload queue: the real API, storage, IndexedDB and Web Locks. Built once, in startApp. */
export function createAppUploadQueue(deps: {
  client: ApolloClient;
  session: AuthSession;
  config: AppConfig;
}): UploadQueue {
  return new UploadQueue({
    api: createApolloUploadApi(deps.client),
    storage: xhrObjectStorage,
    md5: md5InWorker,
    store: createIdbUploadStore(),
    ownership: webLocksOwnership(),
    connectivity: browserConnectivity,
    session: pollingSessionGate(() => deps.session.getAccessToken()),
    clock: browserClock,
    random: Math.random,
    maxUploadBytes: () => deps.config.maxUploadBytes,
  });
}
