import { clear, createStore, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import type { PinnedStorage } from './pinnedPorts.ts';

/** The pins and the copies' entries, under one key: the database holds one person's at most. */
const STATE = 'state';
/** Each copy's bytes under its attachment id. */
const fileKey = (id: number) => `file:${id}`;

/**
 * Pins and kept copies in IndexedDB through idb-keyval (the app's IndexedDB helper), in a database of
 * their own beside the kept records: the copies are Blobs, read one at a time when a thumbnail or preview
 * shows, never with the pins.
 */
export function createIdbPinnedStorage(
  store: UseStore = createStore(STORAGE_KEYS.pinnedRecords.name, 'pinned'),
): PinnedStorage {
  return {
    readState: () => get<unknown>(STATE, store),
    writeState: (state) => set(STATE, state, store),
    readFile: (id) => get<Blob>(fileKey(id), store),
    writeFile: (id, blob) => set(fileKey(id), blob, store),
    deleteFiles: (ids) => delMany(ids.map(fileKey), store),
    fileIds: async () =>
      (await keys(store)).flatMap((key) =>
        typeof key === 'string' && key.startsWith('file:') ? [Number(key.slice(5))] : [],
      ),
    clear: () => clear(store),
  };
}
