import { useEffect, useState } from 'react';
import { isFinished, type UploadEntry } from '../../upload/types.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';

export interface UploadedHere {
  /** Bytes of files this device attached: the API does not say a file's size. */
  sizes: ReadonlyMap<number, number>;
  /** The attachment this device added last to the entity, once its batch is done: brought into view. */
  latest: number | null;
}

function attachedTo(entityId: number, entries: readonly UploadEntry[]): [number, number][] {
  return entries.flatMap((entry) =>
    entry.target.entityId === entityId && entry.state === 'attached' && entry.attachmentId !== undefined
      ? [[entry.attachmentId, entry.size] as [number, number]]
      : [],
  );
}

/** What the upload queue knows of an entity's attachments that were made on this device. */
export function useUploadedHere(entityId: number): UploadedHere {
  const queue = useUploadQueue();
  const [state, setState] = useState<UploadedHere & { entityId: number }>(() => ({
    entityId,
    sizes: new Map(attachedTo(entityId, queue.getSnapshot())),
    latest: null,
  }));
  useEffect(
    () =>
      queue.onEvents((events) => {
        const fresh = attachedTo(
          entityId,
          events.filter((event) => event.type === 'attached').map((event) => event.entry),
        );
        if (fresh.length === 0) return;
        // Brought into view once the batch for this record is done, not at every file of it.
        const done = queue
          .getSnapshot()
          .every((entry) => entry.target.entityId !== entityId || isFinished(entry.state));
        setState((previous) => ({
          entityId,
          sizes: new Map([...(previous.entityId === entityId ? previous.sizes : []), ...fresh]),
          latest: done ? fresh[fresh.length - 1]![0] : previous.latest,
        }));
      }),
    [queue, entityId],
  );
  return state.entityId === entityId ? state : { sizes: new Map(), latest: null };
}
