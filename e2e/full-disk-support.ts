import type { BrowserContext } from '@playwright/test';

/**
 * Plays a tablet whose storage has `roomBytes` left for the upload queue's files, in every page the
 * context opens (each load starts with that room again). Chromium's own quota override
 * (Storage.overrideQuotaForOrigin) is not enforced for Playwright's contexts (the quota the page reads
 * stays 10 GB, and writes go on past it), so the full disk is played in the page: the transaction of a
 * file the room cannot take is aborted, as IndexedDB aborts one that exceeds the quota, and
 * navigator.storage.estimate says what room is left.
 */
export async function fillTheDisk(context: BrowserContext, roomBytes: number): Promise<void> {
  await context.addInitScript((roomBytes: number) => {
    let room = roomBytes;
    const quota = 10 * roomBytes;
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const request = put.call(this, value, key);
      if (this.name === 'files' && this.transaction.db.name === 'floor-uploads-v2' && value instanceof Blob) {
        if (value.size > room) {
          const { transaction } = this;
          queueMicrotask(() => {
            try {
              transaction.abort();
            } catch {
              // Already finished.
            }
          });
        } else {
          room -= value.size;
        }
      }
      return request;
    };
    navigator.storage.estimate = () => Promise.resolve({ quota, usage: quota - room });
  }, roomBytes);
}
