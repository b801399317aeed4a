import { promisifyRequest } from 'idb-keyval';
import { STORAGE_KEYS } from '../../../lib/storageKeys.ts';
import type { UploadTarget } from '../../../upload/types.ts';
import type { RecordingKind } from './recordingFormats.ts';
import type { Person } from '../../../lib/person.ts';

/** A recording being made (or cut short by a reload, a crash, a dead battery): what it is and for whom. */
export interface StoredRecording {
  id: string;
  kind: RecordingKind;
  /** Who recorded it: only they are offered it back, only under their name is it sent. */
  person: Person;
  target: UploadTarget;
  filename: string;
  /** The container's type without codecs ("video/webm"), the file's type once finished. */
  type: string;
  startedAt: number;
  /** Seconds recorded in the slices stored so far. */
  seconds: number;
  /** The upload queue's id for it once it was handed over: it is not offered again if the queue has it. */
  queuedAs?: string;
  /**
   * When it stopped recording (the press or a limit): it is whole, and if it is offered back, the page
   * went after it was finished, not while it was recording.
   */
  stoppedAt?: number;
}

/**
 * Where recordings go slice by slice as MediaRecorder hands them over (a second each), so a recording
 * is never held whole in the page and what was recorded survives the page. Each slice lands with the
 * recording's new length in one transaction.
 */
export interface RecordingStore {
  begin(recording: StoredRecording): Promise<void>;
  append(id: string, index: number, slice: Blob, seconds: number): Promise<void>;
  /** The slices in order (Blobs the browser keeps on disk: joining them copies nothing into the page). */
  slices(id: string): Promise<Blob[]>;
  markQueued(id: string, entryId: string): Promise<void>;
  markStopped(id: string, at: number): Promise<void>;
  list(): Promise<StoredRecording[]>;
  remove(id: string): Promise<void>;
}

const RECORDINGS = 'recordings';
const SLICES = 'slices';

function openDb(): Promise<IDBDatabase> {
  const request = indexedDB.open(STORAGE_KEYS.recordings.name, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(RECORDINGS, { keyPath: 'id' });
    // Keyed [recording id, slice index]: a key range reads one recording's slices in order.
    request.result.createObjectStore(SLICES);
  };
  return promisifyRequest(request).then((db) => {
    db.onversionchange = () => db.close();
    return db;
  });
}

const sliceRange = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

export function createIdbRecordingStore(): RecordingStore {
  let db: Promise<IDBDatabase> | undefined;
  async function transaction<T>(
    mode: IDBTransactionMode,
    work: (recordings: IDBObjectStore, slices: IDBObjectStore) => Promise<T> | T,
  ): Promise<T> {
    db ??= openDb();
    const tx = (await db).transaction([RECORDINGS, SLICES], mode);
    const result = work(tx.objectStore(RECORDINGS), tx.objectStore(SLICES));
    await promisifyRequest(tx);
    return result;
  }
  const update = (id: string, patch: (recording: StoredRecording) => StoredRecording) =>
    transaction('readwrite', (recordings) => {
      const read = recordings.get(id) as IDBRequest<StoredRecording | undefined>;
      read.onsuccess = () => {
        if (read.result) recordings.put(patch(read.result));
      };
    });

  return {
    begin: (recording) => transaction('readwrite', (recordings) => void recordings.put(recording)),
    async append(id, index, slice, seconds) {
      await transaction('readwrite', (recordings, slices) => {
        slices.put(slice, [id, index]);
        const read = recordings.get(id) as IDBRequest<StoredRecording | undefined>;
        read.onsuccess = () => {
          if (read.result) recordings.put({ ...read.result, seconds });
        };
      });
    },
    slices: (id) =>
      transaction('readonly', (_recordings, slices) =>
        promisifyRequest(slices.getAll(sliceRange(id)) as IDBRequest<Blob[]>),
      ),
    markQueued: (id, entryId) => update(id, (recording) => ({ ...recording, queuedAs: entryId })),
    markStopped: (id, at) => update(id, (recording) => ({ ...recording, stoppedAt: at })),
    list: () =>
      transaction('readonly', (recordings) =>
        promisifyRequest(recordings.getAll() as IDBRequest<StoredRecording[]>),
      ),
    remove: (id) =>
      transaction('readwrite', (recordings, slices) => {
        recordings.delete(id);
        slices.delete(sliceRange(id));
      }),
  };
}
