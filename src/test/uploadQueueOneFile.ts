import type { UploadQueueOptions } from '../upload/uploadQueue.ts';
import { createQueueWorld, finished, type QueueWorld, until } from './uploadQueue.ts';

/**
 * One file's whole way through a server set up by `arrange` (failures to answer with, say): a new
 * world, a.pdf added to a new queue (with `overrides`) and waited until it ends. What the queue's
 * retry and exactly-once tests start from.
 */
export async function oneFileRunThrough(
  arrange: (server: QueueWorld['server']) => void,
  overrides?: Partial<UploadQueueOptions>,
) {
  const world = createQueueWorld();
  arrange(world.server);
  const { queue, entry } = world.addOneFile(overrides);
  const done = await until(queue, entry.id, finished);
  return { world, queue, entry, done };
}
