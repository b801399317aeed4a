import { promisifyRequest } from 'idb-keyval';
import type { StoredFor, StoredUpload, UploadStore } from './uploadPorts.ts';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import { samePerson } from '../lib/person.ts';
import { defineStoredSchema, readStored, versioned } from '../lib/storedSchema.ts';

type SavedEntry = Omit<StoredUpload, 'file'>;

/** How long removals wait for others to share their transaction. */
const REMOVE_GATHER_MS = 50;

/**
 * A stored entry's versions (its file is stored beside it, as it is). An entry this version cannot read
 * (a later version's, or one no step leads from) is left as it is, file included, for the version that
 * can: a queued file is never dropped by a migration.
 */
export const UPLOAD_ENTRY_SCHEMA = defineStoredSchema<SavedEntry>({
  steps: [
    // 0 → 1: the first version to write its number; its shape is unchanged.
    (entry) => entry,
  ],
  is: (value): value is SavedEntry =>
    typeof (value as Partial<SavedEntry>).id === 'string' &&
    typeof (value as Partial<SavedEntry>).state === 'string',
});

const DB_NAME = STORAGE_KEYS.uploads.name;
const ENTRIES = 'entries';
const FILES = 'files';

function openDb(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(ENTRIES);
    request.result.createObjectStore(FILES);
  };
  return promisifyRequest(request).then((db) => {
    // A later version opened in another tab must not wait on this one.
    db.onversionchange = () => db.close();
    return db;
  });
}

/**
 * Unfinished uploads in IndexedDB, file included (the browser keeps the Blob), so a reload, a crash
 * or a sign-in redirect does not lose what the technician dropped.
 *
 * Each file is written once, next to its entry in its own transaction (so there is never an entry
 * without its file, nor a file without its entry, and a full disk refuses only the files that do not
 * fit); the state changes that follow (several per file) write only the small entry. A file whose
 * bytes were replaced (a photo's lighter copy, or its original sent instead) is written again.
 */
export function createIdbUploadStore(): UploadStore {
  let db: Promise<IDBDatabase> | undefined;
  /** The file stored under each id already (written or read by this page). */
  const filed = new Map<string, Blob>();
  /** Ids to remove in the next removing transaction, and when it has landed. */
  let removing: { ids: Set<string>; done: Promise<void> } | null = null;

  async function transaction(mode: IDBTransactionMode, work: (tx: IDBTransaction) => void): Promise<void> {
    db ??= openDb();
    const tx = (await db).transaction([ENTRIES, FILES], mode);
    work(tx);
    await promisifyRequest(tx);
  }

  return {
    async loadFor(person) {
      const found: StoredFor = { mine: [], others: [] };
      await transaction('readonly', (tx) => {
        const files = tx.objectStore(FILES);
        void promisifyRequest(tx.objectStore(ENTRIES).getAll()).then((all: unknown[]) => {
          for (const stored of all) {
            const loaded = readStored(UPLOAD_ENTRY_SCHEMA, stored);
            if (loaded.state !== 'read') continue;
            const entry = loaded.value;
            if (!samePerson(entry.person, person)) {
              found.others.push(entry);
              continue;
            }
            // Only this person's bytes are read: another person's files never reach this page.
            void promisifyRequest(files.get(entry.id)).then((file: Blob | undefined) => {
              if (!file) return;
              filed.set(entry.id, file);
              found.mine.push({ ...entry, file });
            });
          }
        });
      });
      return found;
    },

    async save({ file, ...entry }) {
      // Saved again after it was asked to go (retried, say): the newer write stands.
      removing?.ids.delete(entry.id);
      await transaction('readwrite', (tx) => {
        if (filed.get(entry.id) !== file) tx.objectStore(FILES).put(file, entry.id);
        tx.objectStore(ENTRIES).put(versioned(UPLOAD_ENTRY_SCHEMA, entry), entry.id);
      });
      filed.set(entry.id, file);
    },

    async room() {
      try {
        const { quota, usage } = (await navigator.storage?.estimate?.()) ?? {};
        return quota === undefined || usage === undefined ? null : quota - usage;
      } catch {
        return null;
      }
    },

    // The files of a batch are attached within moments of each other: their copies go together, in
    // one transaction per REMOVE_GATHER_MS, not one each. A page closed meanwhile leaves a copy in
    // 'registering', which the next page looks up before registering (attached once all the same).
    remove(id) {
      if (!removing) {
        const batch = { ids: new Set<string>(), done: Promise.resolve() };
        batch.done = new Promise((wait) => setTimeout(wait, REMOVE_GATHER_MS)).then(async () => {
          removing = null;
          await transaction('readwrite', (tx) => {
            for (const gone of batch.ids) {
              tx.objectStore(ENTRIES).delete(gone);
              tx.objectStore(FILES).delete(gone);
            }
          });
          for (const gone of batch.ids) filed.delete(gone);
        });
        removing = batch;
      }
      removing.ids.add(id);
      return removing.done;
    },
  };
}

/** Whether the queue has a file stored under `id` (a recording handed to it just before a crash). */
export async function isStoredUpload(id: string): Promise<boolean> {
  const db = await openDb();
  try {
    const tx = db.transaction(ENTRIES, 'readonly');
    return (await promisifyRequest(tx.objectStore(ENTRIES).getKey(id))) !== undefined;
  } finally {
    db.close();
  }
}
