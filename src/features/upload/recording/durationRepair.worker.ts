import { repairDuration } from './repairDuration.ts';

/** One recording in, the same recording with its length written in (or as it was) out. */
self.onmessage = async (event: MessageEvent<Blob>) => {
  self.postMessage(await repairDuration(event.data));
};
