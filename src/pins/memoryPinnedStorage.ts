import type { PinnedState, PinnedStorage } from './pinnedPorts.ts';

/** Pins and copies in memory only: for tests and where IndexedDB cannot be opened. */
type StoredState = PinnedState & { schemaVersion: number };

export function memoryPinnedStorage(): PinnedStorage & {
  state: StoredState | undefined;
  blobs: Map<number, Blob>;
} {
  const storage = {
    state: undefined as StoredState | undefined,
    blobs: new Map<number, Blob>(),
    readState: async () => storage.state && structuredClone(storage.state),
    writeState: async (state: StoredState) => {
      storage.state = structuredClone(state);
    },
    readFile: async (id: number) => storage.blobs.get(id),
    writeFile: async (id: number, blob: Blob) => {
      storage.blobs.set(id, blob);
    },
    deleteFiles: async (ids: readonly number[]) => {
      for (const id of ids) storage.blobs.delete(id);
    },
    fileIds: async () => [...storage.blobs.keys()],
    clear: async () => {
      storage.state = undefined;
      storage.blobs.clear();
    },
  };
  return storage;
}
