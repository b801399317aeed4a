import { getAccessToken } from '../auth/tokens.ts';
import { apolloClient } from '../graphql/client.ts';
import { getAppConfig } from '../config/appConfig.ts';
import { createApolloUploadApi } from './apolloUploadApi.ts';
import { browserClock, browserConnectivity, pollingSessionGate, webLocksOwnership } from './browserPorts.ts';
import { createIdbUploadStore } from './idbUploadStore.ts';
import { md5InWorker } from './md5InWorker.ts';
import { lightenPhotoInWorker } from './lightenPhotoInWorker.ts';
import { UploadQueue } from './uploadQueue.ts';
import { xhrObjectStorage } from './xhrObjectStorage.ts';

let queue: UploadQueue | null = null;

/**
 * The app's one upload queue, built on first use (inside the signed-in app, after the configuration
 * and session exist) and immediately resuming what an earlier page left unfinished.
 */
export function getAppUploadQueue(): UploadQueue {
  if (!queue) {
    queue = new UploadQueue({
      api: createApolloUploadApi(apolloClient),
      storage: xhrObjectStorage,
      md5: md5InWorker,
      store: createIdbUploadStore(),
      ownership: webLocksOwnership(),
      connectivity: browserConnectivity,
      session: pollingSessionGate(getAccessToken),
      clock: browserClock,
      random: Math.random,
      maxUploadBytes: () => getAppConfig().maxUploadBytes,
      prepare: lightenPhotoInWorker(() => {
        const { photoMaxEdgePx, photoJpegQuality } = getAppConfig();
        return { maxEdgePx: photoMaxEdgePx, jpegQuality: photoJpegQuality };
      }),
    });
    void queue.restore();
  }
  return queue;
}
