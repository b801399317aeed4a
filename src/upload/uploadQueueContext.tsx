import { useSyncExternalStore, type ReactNode } from 'react';
import { serviceContext } from '../lib/serviceContext.tsx';
import type { LeftFiles, UploadQueue } from './uploadQueue.ts';
import type { UploadEntry } from './types.ts';

const Queue = serviceContext<UploadQueue>('UploadQueueContext');

/** The queue the upload views use: the app's (from startApp) or a test's with fake transports. */
export function UploadQueueProvider({ queue, children }: { queue: UploadQueue; children: ReactNode }) {
  return <Queue.Provider value={queue}>{children}</Queue.Provider>;
}

/** The app's single upload queue; throws outside UploadQueueProvider so a missing provider is loud. */
export const useUploadQueue = Queue.useRequired;

/** Every file in the queue, re-read when the queue announces a change. */
export function useUploads(): readonly UploadEntry[] {
  const queue = useUploadQueue();
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot);
}

/**
 * A plain value derived from the queue's files: the component renders again only when the value
 * changes, not at every progress tick of every file.
 */
export function useUploadsValue<T extends string | number | boolean>(
  select: (entries: readonly UploadEntry[]) => T,
): T {
  const queue = useUploadQueue();
  return useSyncExternalStore(queue.subscribe, () => select(queue.getSnapshot()));
}

/** Files other people left in this browser, waiting for them. */
export function useLeftByOthers(): readonly LeftFiles[] {
  const queue = useUploadQueue();
  return useSyncExternalStore(queue.subscribe, queue.getLeftByOthers);
}
