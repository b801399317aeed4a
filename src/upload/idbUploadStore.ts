import { createStore, del, setMany, values } from 'idb-keyval';
import type { StoredUpload, UploadStore } from './uploadPorts.ts';

/**
 * Unfinished uploads in IndexedDB, file included (the browser keeps the Blob), so a reload, a crash
 * or a sign-in redirect does not lose what the technician dropped.
 */
export function createIdbUploadStore(): UploadStore {
  const store = createStore('floor-uploads', 'entries');
  return {
    loadAll: () => values<StoredUpload>(store),
    saveAll: (entries) =>
      setMany(
        entries.map((entry) => [entry.id, entry] as [string, StoredUpload]),
        store,
      ),
    remove: (id) => del(id, store),
  };
}
