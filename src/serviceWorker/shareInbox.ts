import { createStore, del, get, set, type UseStore } from 'idb-keyval';

const INBOX_KEY = 'latest';

export interface SharedFiles {
  files: File[];
  receivedAt: number;
}

/**
 * Files shared into the app wait here between the service worker that received the POST and the
 * page where the technician chooses their record. One share at a time: a new share replaces it.
 */
export interface ShareInbox {
  put(files: File[]): Promise<void>;
  take(): Promise<SharedFiles | null>;
  peek(): Promise<SharedFiles | null>;
  clear(): Promise<void>;
}

export function createShareInbox(store: UseStore = createStore('floor-share', 'inbox')): ShareInbox {
  const peek = async () => (await get<SharedFiles>(INBOX_KEY, store)) ?? null;
  return {
    put: (files) => set(INBOX_KEY, { files, receivedAt: Date.now() } satisfies SharedFiles, store),
    peek,
    async take() {
      const shared = await peek();
      await del(INBOX_KEY, store);
      return shared;
    },
    clear: () => del(INBOX_KEY, store),
  };
}
