import type { ApolloClient } from '@apollo/client';
import type { AuthSession } from '../auth/authSession.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { createApolloUploadApi } from './apolloUploadApi.ts';
import {
  browserClock,
  browserConnectivity,
  browserResume,
  pollingSessionGate,
  webLocksOwnership,
} from './browserPorts.ts';
import { createIdbUploadStore } from './idbUploadStore.ts';
import { storedAttachRefusals } from './attachRefusals.ts';
import { keptFilesAdmin } from './keptFilesAdmin.ts';
import { md5InWorker } from './md5InWorker.ts';
import { lightenPhotoInWorker } from './lightenPhotoInWorker.ts';
import { UploadQueue } from './uploadQueue.ts';
import { xhrObjectStorage } from './xhrObjectStorage.ts';

/** The browser's upload queue: the real API, storage, IndexedDB and Web Locks. Built once, in startApp. */
export function createAppUploadQueue(deps: {
  client: ApolloClient;
  session: AuthSession;
  config: AppConfig;
}): UploadQueue {
  // The registrations' answers and the queue's own change show in one render (see attachmentAppender).
  const api = createApolloUploadApi(deps.client, { onPublished: () => queue.announceNow() });
  const queue: UploadQueue = new UploadQueue({
    api,
    storage: xhrObjectStorage,
    md5: md5InWorker,
    store: createIdbUploadStore(),
    ownership: webLocksOwnership(),
    connectivity: browserConnectivity,
    session: pollingSessionGate(() => deps.session.getAccessToken()),
    person: { current: () => deps.session.getPerson() },
    resume: browserResume,
    clock: browserClock,
    random: Math.random,
    maxUploadBytes: () => deps.config.maxUploadBytes,
    attachRefusals: storedAttachRefusals(window.localStorage, window),
    keptFilesAdmin: keptFilesAdmin(deps.client, deps.config),
    prepare: lightenPhotoInWorker(() => ({
      maxEdgePx: deps.config.photoMaxEdgePx,
      jpegQuality: deps.config.photoJpegQuality,
    })),
  });
  return queue;
}
