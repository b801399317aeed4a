import { useMemo, useState, useSyncExternalStore } from 'react';
import { isFinished, type UploadEntry } from '../../upload/types.ts';
import type { UploadQueue } from '../../upload/uploadQueue.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';

export interface UploadedHere {
  /** Bytes of files this device attached: the API does not say a file's size. */
  sizes: ReadonlyMap<number, number>;
  /** The attachment this device added last to the entity, once its batch is done: brought into view. */
  latest: number | null;
}

/** What is known of one entity's files attached from this device; a new object at each change. */
interface EntityUploads {
  sizes: ReadonlyMap<number, number>;
  /** The last file of the last finished batch, and when (in attach events) it was attached. */
  latest: { id: number; at: number } | null;
}

const NOTHING: EntityUploads = { sizes: new Map(), latest: null };

function attachedTo(entityId: number, entries: readonly UploadEntry[]): [number, number][] {
  return entries.flatMap((entry) =>
    entry.target.entityId === entityId && entry.state === 'attached' && entry.attachmentId !== undefined
      ? [[entry.attachmentId, entry.size] as [number, number]]
      : [],
  );
}

/**
 * The sizes of the files a queue attached, by entity, as of the queue's last announcement: learnt from
 * its events in the very announcement that lists a file on its record (the queue announces as the
 * listing is written, attachmentAppender's onPublished), and read by the panel through
 * useSyncExternalStore. So a new row is drawn once, with its size, in the render that lists it: read
 * from React state set by the events, it was drawn again for its size (and the panel twice more) in
 * later renders, which on a tablet's CPU took the main thread from the files still uploading.
 * Not the duplicate guard's memory (upload/attachedHere.ts, kept across loads per person, read at a
 * drop, with no subscription): this one lives with the page's queue and tells its readers at once.
 */
class UploadedHereStore {
  private readonly byEntity = new Map<number, EntityUploads>();
  private readonly listeners = new Set<() => void>();
  /** Attach events seen so far: a panel mounted after one does not bring its file into view. */
  events = 0;

  constructor(private readonly queue: UploadQueue) {
    queue.onEvents((events) => {
      const attached = events.filter((event) => event.type === 'attached').map((event) => event.entry);
      if (attached.length === 0) return;
      this.events += attached.length;
      for (const entityId of new Set(attached.map((entry) => entry.target.entityId))) {
        if (entityId === null) continue;
        const fresh = attachedTo(entityId, attached);
        if (fresh.length === 0) continue;
        const previous = this.byEntity.get(entityId) ?? NOTHING;
        // Brought into view once the batch for this record is done, not at every file of it.
        const done = queue
          .entriesNow()
          .every((entry) => entry.target.entityId !== entityId || isFinished(entry.state));
        this.byEntity.set(entityId, {
          sizes: new Map([...previous.sizes, ...fresh]),
          latest: done ? { id: fresh[fresh.length - 1]![0], at: this.events } : previous.latest,
        });
      }
      for (const listener of this.listeners) listener();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The entity's files attached here; those still in the queue when this was first asked included. */
  of(entityId: number): EntityUploads {
    let known = this.byEntity.get(entityId);
    if (!known) {
      const sizes = attachedTo(entityId, this.queue.entriesNow());
      known = sizes.length === 0 ? NOTHING : { sizes: new Map(sizes), latest: null };
      this.byEntity.set(entityId, known);
    }
    return known;
  }
}

const stores = new WeakMap<UploadQueue, UploadedHereStore>();

function uploadedHereOf(queue: UploadQueue): UploadedHereStore {
  let store = stores.get(queue);
  if (!store) {
    store = new UploadedHereStore(queue);
    stores.set(queue, store);
  }
  return store;
}

/** What the upload queue knows of an entity's attachments that were made on this device. */
export function useUploadedHere(entityId: number): UploadedHere {
  const store = uploadedHereOf(useUploadQueue());
  // What was attached before this panel was shown is not brought into view by it.
  const [shownAfter] = useState(() => store.events);
  const attached = useSyncExternalStore(store.subscribe, () => store.of(entityId));
  return useMemo(
    () => ({
      sizes: attached.sizes,
      latest: attached.latest && attached.latest.at > shownAfter ? attached.latest.id : null,
    }),
    [attached, shownAfter],
  );
}
