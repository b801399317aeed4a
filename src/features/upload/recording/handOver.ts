import type { UploadQueue } from '../../../upload/uploadQueue.ts';
import type { RecordingStore } from './recordingStore.ts';

/**
 * A finished recording is the queue's now: marked as queued (so it is never offered again while the
 * queue has it), then, once the queue's own copy is on the device, its slices are let go. A queue
 * that could not keep it (a full disk) leaves the slices: a reload then offers the recording again.
 */
export function handOver(
  store: RecordingStore,
  queue: Pick<UploadQueue, 'whenKept' | 'storedOnDevice'>,
  recordingId: string,
  entryId: string,
): Promise<void> {
  return store
    .markQueued(recordingId, entryId)
    .then(() => queue.whenKept(entryId))
    .then(() => {
      if (!queue.storedOnDevice(entryId)) return;
      return store.remove(recordingId);
    })
    .catch(() => undefined);
}
