// Node's Blob, not jsdom's: it is what fake-indexeddb's structured clone can copy, as a browser's would.
import { Blob } from 'node:buffer';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storedUpload } from '../test/uploadEntries.ts';
import { createIdbUploadStore } from './idbUploadStore.ts';
import type { StoredUpload, UploadStore } from './uploadPorts.ts';

/** Saves each entry, one transaction each, as the queue does. */
async function saveEach(store: UploadStore, entries: StoredUpload[]): Promise<void> {
  for (const entry of entries) await store.save(entry);
}

/** A stored row whose file (with its own bytes) and name come from its id. */
function stored(id: string, patch: Partial<StoredUpload> = {}): StoredUpload {
  return storedUpload({
    id,
    file: new Blob([`body of ${id}`], { type: 'text/plain' }) as unknown as globalThis.Blob,
    filename: `${id}.txt`,
    type: 'text/plain',
    ...patch,
  });
}

/** Counts the Blobs put into any object store: what each state change costs. */
function countBlobPuts(): { count(): number } {
  let blobs = 0;
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    if (value instanceof Blob) blobs++;
    return put.call(this, value, key);
  });
  return { count: () => blobs };
}

beforeEach(() => {
  vi.restoreAllMocks();
  globalThis.indexedDB = new IDBFactory();
});

describe('createIdbUploadStore', () => {
  it('gives back what was saved, file bytes included, to a page opened later', async () => {
    await saveEach(createIdbUploadStore(), [stored('a'), stored('b', { state: 'failed', reason: 'x' })]);

    const loaded = await createIdbUploadStore().loadAll();

    expect(loaded.map(({ file: _file, ...rest }) => rest)).toEqual(
      [stored('a'), stored('b', { state: 'failed', reason: 'x' })].map(({ file: _file, ...rest }) => rest),
    );
    expect(await loaded.find((entry) => entry.id === 'b')!.file.text()).toBe('body of b');
  });

  it('writes each file once: later state changes store only the entry', async () => {
    const blobs = countBlobPuts();
    const store = createIdbUploadStore();
    // The queue's entries of one file carry the same Blob from state to state.
    const { file } = stored('a');
    await saveEach(store, [stored('a', { file }), stored('b')]);
    await saveEach(store, [stored('a', { file, state: 'uploading' })]);
    await saveEach(store, [
      stored('a', { file, state: 'registering', s3Key: 'k', s3Etag: 'e', registerSent: true }),
    ]);

    expect(blobs.count()).toBe(2);
    const [a] = (await createIdbUploadStore().loadAll()).filter((entry) => entry.id === 'a');
    expect(a).toMatchObject({ state: 'registering', s3Key: 'k', registerSent: true });
    expect(await a!.file.text()).toBe('body of a');
  });

  it('writes a file again when its bytes were replaced (a lighter copy of a photo)', async () => {
    const store = createIdbUploadStore();
    await saveEach(store, [stored('a')]);
    const lighter = new Blob(['lighter a'], { type: 'image/jpeg' }) as unknown as globalThis.Blob;
    await saveEach(store, [stored('a', { file: lighter, filename: 'a.jpg', prepared: true })]);

    const [a] = await createIdbUploadStore().loadAll();
    expect(a).toMatchObject({ filename: 'a.jpg', prepared: true });
    expect(await a!.file.text()).toBe('lighter a');
  });

  it('a page that adopts stored entries does not write their files again', async () => {
    await saveEach(createIdbUploadStore(), [stored('a')]);
    const blobs = countBlobPuts();
    const adopting = createIdbUploadStore();

    const [entry] = await adopting.loadAll();
    await saveEach(adopting, [{ ...entry!, owner: 'page-2' }]);

    expect(blobs.count()).toBe(0);
    expect((await createIdbUploadStore().loadAll())[0]).toMatchObject({ id: 'a', owner: 'page-2' });
  });

  it('removes the entry and its file; a file saved again after removal is written again', async () => {
    const store = createIdbUploadStore();
    await saveEach(store, [stored('a'), stored('b')]);
    await store.remove('a');

    expect((await createIdbUploadStore().loadAll()).map((entry) => entry.id)).toEqual(['b']);

    await saveEach(store, [stored('a', { state: 'queued' })]);
    const again = (await createIdbUploadStore().loadAll()).find((entry) => entry.id === 'a');
    expect(await again!.file.text()).toBe('body of a');
  });

  it('stores each file on its own: one that does not fit fails alone', async () => {
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (key === 'b' && value instanceof Blob)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    const store = createIdbUploadStore();
    const results = await Promise.allSettled(
      [stored('a'), stored('b'), stored('c')].map((entry) => store.save(entry)),
    );

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await createIdbUploadStore().loadAll()).map((entry) => entry.id).sort()).toEqual(['a', 'c']);
  });
});
