import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import type { KeptRecordsStore } from './keptRecords.ts';

/** The one key the snapshot is kept under: the database holds one person's records at most. */
const SNAPSHOT = 'snapshot';

/**
 * Kept records in IndexedDB through idb-keyval (already the app's IndexedDB helper): apollo3-cache-persist,
 * the usual choice, declares @apollo/client ^3 as its peer and does not install beside Apollo Client 4.
 * The snapshot is one structured-clone value, so no JSON string of the whole cache is built on the main
 * thread.
 */
export function createIdbKeptRecordsStore(
  store: UseStore = createStore(STORAGE_KEYS.keptRecords.name, 'records'),
): KeptRecordsStore {
  return {
    read: () => get<unknown>(SNAPSHOT, store),
    write: (snapshot) => set(SNAPSHOT, snapshot, store),
    clear: () => del(SNAPSHOT, store),
  };
}
