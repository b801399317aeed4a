// Node's Blob, not jsdom's: it is what fake-indexeddb's structured clone can copy, as a browser's would.
import { Blob } from 'node:buffer';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storedUpload } from '../test/uploadEntries.ts';
import { promisifyRequest } from 'idb-keyval';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import { createIdbUploadStore } from './idbUploadStore.ts';
import type { StoredUpload, UploadStore } from './uploadPorts.ts';

/** Saves each entry, one transaction each, as the queue does. */
async function saveEach(store: UploadStore, entries: StoredUpload[]): Promise<void> {
  for (const entry of entries) await store.save(entry);
}

const TAYLOR = storedUpload().person;

/** What a page of Taylor's finds stored: their own files, bytes included. */
async function loadMine(store: UploadStore): Promise<StoredUpload[]> {
  return (await store.loadFor(TAYLOR)).mine;
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

    const loaded = await loadMine(createIdbUploadStore());

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
    const [a] = (await loadMine(createIdbUploadStore())).filter((entry) => entry.id === 'a');
    expect(a).toMatchObject({ state: 'registering', s3Key: 'k', registerSent: true });
    expect(await a!.file.text()).toBe('body of a');
  });

  it('writes a file again when its bytes were replaced (a lighter copy of a photo)', async () => {
    const store = createIdbUploadStore();
    await saveEach(store, [stored('a')]);
    const lighter = new Blob(['lighter a'], { type: 'image/jpeg' }) as unknown as globalThis.Blob;
    await saveEach(store, [stored('a', { file: lighter, filename: 'a.jpg', prepared: true })]);

    const [a] = await loadMine(createIdbUploadStore());
    expect(a).toMatchObject({ filename: 'a.jpg', prepared: true });
    expect(await a!.file.text()).toBe('lighter a');
  });

  it('a page that adopts stored entries does not write their files again', async () => {
    await saveEach(createIdbUploadStore(), [stored('a')]);
    const blobs = countBlobPuts();
    const adopting = createIdbUploadStore();

    const [entry] = await loadMine(adopting);
    await saveEach(adopting, [{ ...entry!, owner: 'page-2' }]);

    expect(blobs.count()).toBe(0);
    expect((await loadMine(createIdbUploadStore()))[0]).toMatchObject({ id: 'a', owner: 'page-2' });
  });

  it('removes the entry and its file; a file saved again after removal is written again', async () => {
    const store = createIdbUploadStore();
    await saveEach(store, [stored('a'), stored('b')]);
    await store.remove('a');

    expect((await loadMine(createIdbUploadStore())).map((entry) => entry.id)).toEqual(['b']);

    await saveEach(store, [stored('a', { state: 'queued' })]);
    const again = (await loadMine(createIdbUploadStore())).find((entry) => entry.id === 'a');
    expect(await again!.file.text()).toBe('body of a');
  });

  it('removes the files of a moment in one transaction, and keeps one saved again meanwhile', async () => {
    const store = createIdbUploadStore();
    await saveEach(store, [stored('a'), stored('b'), stored('c'), stored('d')]);
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');

    const removed = [store.remove('a'), store.remove('b'), store.remove('c')];
    // Retried before its removal landed: the newer write stands.
    await store.save(stored('c', { state: 'queued' }));
    await Promise.all(removed);

    const writes = transactions.mock.calls.filter(([, mode]) => mode === 'readwrite');
    expect(writes).toHaveLength(2);
    expect((await loadMine(createIdbUploadStore())).map((entry) => entry.id).sort()).toEqual(['c', 'd']);
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
    expect((await loadMine(createIdbUploadStore())).map((entry) => entry.id).sort()).toEqual(['a', 'c']);
  });

  it("reads only the signed-in person's files: another person's rows come without their bytes, which are never read", async () => {
    const robin = { subject: '2', organization: 'org', name: 'Robin Rework' };
    await saveEach(createIdbUploadStore(), [
      stored('mine'),
      stored('theirs', { person: robin }),
      stored('legacy', { person: undefined as unknown as StoredUpload['person'] }),
    ]);
    // Every read of the files' store, by the key it asked for ('*' for a read of all of them).
    const fileReads: string[] = [];
    for (const method of ['get', 'getAll', 'openCursor'] as const) {
      const real = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
      vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
        this: IDBObjectStore,
        ...args: unknown[]
      ) {
        if (this.name === 'files') fileReads.push(method === 'get' ? String(args[0]) : '*');
        return real.apply(this, args);
      } as never);
    }

    const found = await createIdbUploadStore().loadFor(TAYLOR);

    expect(fileReads).toEqual(['mine']);
    expect(found.mine.map((row) => row.id)).toEqual(['mine']);
    expect(await found.mine[0]!.file.text()).toBe('body of mine');
    expect(found.others.map((row) => [row.id, row.person?.name])).toEqual(
      expect.arrayContaining([
        ['theirs', 'Robin Rework'],
        ['legacy', undefined],
      ]),
    );
    expect(found.others.every((row) => !('file' in row))).toBe(true);

    // Robin, signed in later, gets their own file and not Taylor's.
    const robins = await createIdbUploadStore().loadFor(robin);
    expect(robins.mine.map((row) => row.id)).toEqual(['theirs']);
    expect(await robins.mine[0]!.file.text()).toBe('body of theirs');
  });

  it('reads entries written before versions; a later version’s entry is left as it is, file included', async () => {
    const store = createIdbUploadStore();
    await saveEach(store, [stored('current')]);
    const { file: _file, ...older } = stored('older');
    const { file: _later, ...later } = stored('later');
    // Written straight to the database, as an older and a later version of the app would have.
    await putRaw([
      ['older', older, new Blob(['body of older'])],
      ['later', { ...later, schemaVersion: 99, state: 'renamed-state' }, new Blob(['body of later'])],
    ]);

    const found = await createIdbUploadStore().loadFor(TAYLOR);
    expect(found.mine.map((row) => row.id).sort()).toEqual(['current', 'older']);
    expect(found.others).toEqual([]);
    expect(await found.mine.find((row) => row.id === 'older')!.file.text()).toBe('body of older');

    // This page's writes (an older entry saved again at this version, another removed) leave it alone.
    await saveEach(store, [{ ...found.mine.find((row) => row.id === 'older')!, state: 'uploading' }]);
    await store.remove('current');
    expect(await readRaw('later')).toEqual({
      entry: { ...later, schemaVersion: 99, state: 'renamed-state' },
      body: 'body of later',
    });
    expect(await readRaw('older')).toMatchObject({ entry: { state: 'uploading', schemaVersion: 1 } });
  });
});

function openQueueDb(): Promise<IDBDatabase> {
  return promisifyRequest(indexedDB.open(STORAGE_KEYS.uploads.name));
}

async function putRaw(rows: [string, object, Blob][]): Promise<void> {
  const db = await openQueueDb();
  const tx = db.transaction(['entries', 'files'], 'readwrite');
  for (const [id, entry, file] of rows) {
    tx.objectStore('entries').put(entry, id);
    tx.objectStore('files').put(file, id);
  }
  await promisifyRequest(tx);
  db.close();
}

async function readRaw(id: string): Promise<{ entry: unknown; body: string | undefined }> {
  const db = await openQueueDb();
  const tx = db.transaction(['entries', 'files'], 'readonly');
  const [entry, file] = await Promise.all([
    promisifyRequest(tx.objectStore('entries').get(id)),
    promisifyRequest<Blob | undefined>(tx.objectStore('files').get(id)),
  ]);
  db.close();
  return { entry, body: await file?.text() };
}
