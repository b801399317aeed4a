import { describe, expect, it, vi } from 'vitest';
import { DuplicateGuard, md5Hex } from './duplicateGuard.ts';
import { storedAttachedHere } from './attachedHere.ts';
import { memoryStorage } from '../test/memoryStorage.ts';
import type { UploadEntry, UploadTarget } from './types.ts';
import { uploadEntry } from '../test/uploadEntries.ts';

const step2: UploadTarget = {
  entityId: 12,
  label: 'Run 1 · SN 0041 · Step 2',
  record: { kind: 'runStep', id: 2 },
};
const step3: UploadTarget = {
  entityId: 13,
  label: 'Run 1 · SN 0041 · Step 3',
  record: { kind: 'runStep', id: 3 },
};

/** An upload of `file` to `target` in `state`; the rest is the shared test upload's. */
const entry = (file: File, target: UploadTarget, state: UploadEntry['state']): UploadEntry =>
  uploadEntry({ id: file.name, file, filename: file.name, size: file.size, type: file.type, target, state });

const photo = () => new File(['the same photo bytes'], 'IMG_0001.jpg', { type: 'image/jpeg' });

describe('finding a file attached or queued before', () => {
  it('finds a copy still in the queue, for any record, whatever its name', async () => {
    const guard = new DuplicateGuard();
    const queued = [entry(photo(), step3, 'uploading')];
    const again = new File(['the same photo bytes'], 'renamed.jpg');
    expect(await guard.find(again, step2, queued)).toEqual({
      filename: 'IMG_0001.jpg',
      label: step3.label,
      attachedAt: null,
    });
    // A failed one is still in the list, with its Retry; a cancelled one is gone.
    expect(await guard.find(again, step2, [entry(photo(), step3, 'failed')])).toMatchObject({ failed: true });
    expect(await guard.find(again, step2, [entry(photo(), step3, 'cancelled')])).toBeNull();
  });

  it('finds a copy attached from this device to the same record only', async () => {
    const guard = new DuplicateGuard();
    guard.remember([entry(photo(), step2, 'attached')], 1_700_000_000_000);
    expect(await guard.find(photo(), step2, [])).toMatchObject({
      label: step2.label,
      attachedAt: 1_700_000_000_000,
    });
    expect(await guard.find(photo(), step3, [])).toBeNull();
  });

  it('does not take files of the same size but other content for copies', async () => {
    const guard = new DuplicateGuard();
    guard.remember([entry(new File(['aaaa'], 'a.txt'), step2, 'attached')], 1);
    expect(await guard.find(new File(['bbbb'], 'b.txt'), step2, [])).toBeNull();
  });

  it('hashes only files whose size matches one it knows, each once', async () => {
    const hash = vi.fn(md5Hex);
    const guard = new DuplicateGuard(hash);
    guard.remember([entry(photo(), step2, 'attached')], 1);
    await guard.find(new File(['a different length entirely'], 'x.jpg'), step2, []);
    expect(hash).not.toHaveBeenCalled();
    const candidate = photo();
    await guard.find(candidate, step2, []);
    await guard.find(candidate, step2, []);
    expect(hash).toHaveBeenCalledTimes(2);
  });
});

const taylor = { subject: '1', organization: 'org', name: 'Taylor Technician' };
const sam = { subject: '2', organization: 'org', name: 'Sam Supervisor' };

/** `file` attached to `target` as the queue announces it: with its attachment id and its storage ETag. */
async function attached(file: File, target: UploadTarget, attachmentId: number): Promise<UploadEntry> {
  return {
    ...entry(file, target, 'attached'),
    attachmentId,
    s3Etag: (await md5Hex(file)).toUpperCase(),
    person: taylor,
  };
}

describe('across page loads and against the record’s list on the server', () => {
  it('finds a file attached in an earlier page load by its bytes, for the same person only', async () => {
    const storage = memoryStorage();
    const before = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => taylor);
    before.remember([await attached(photo(), step2, 71)], 1_700_000_000_000);

    // The page is loaded again: a new guard, the same storage.
    const after = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => taylor);
    const again = new File(['the same photo bytes'], 'renamed.jpg');
    expect(await after.find(again, step2, [])).toEqual({
      filename: 'IMG_0001.jpg',
      label: step2.label,
      attachedAt: 1_700_000_000_000,
    });
    expect(await after.find(again, step3, [])).toBeNull();
    expect(await after.find(new File(['other photo bytes!!'], 'x.jpg'), step2, [])).toBeNull();

    const someoneElse = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => sam);
    expect(await someoneElse.find(again, step2, [])).toBeNull();
  });

  it('keeps a batch attached together in one write per person, each file known after a reload', async () => {
    const storage = memoryStorage();
    const writes: string[] = [];
    const counted: Storage = Object.assign(Object.create(storage) as Storage, {
      setItem: (key: string, value: string) => {
        writes.push(key);
        storage.setItem(key, value);
      },
      getItem: (key: string) => storage.getItem(key),
    });
    const guard = new DuplicateGuard(md5Hex, storedAttachedHere(counted), () => taylor);
    const files = Array.from({ length: 30 }, (_, i) => new File([`photo number ${i}`], `IMG_${i}.jpg`));
    const batch = await Promise.all(files.map((file, i) => attached(file, step2, 100 + i)));
    const samsFile = {
      ...(await attached(new File(['sam wrote this'], 'sam.jpg'), step2, 200)),
      person: sam,
    };
    guard.remember([...batch, samsFile], 5);
    expect(writes).toHaveLength(2);

    const reloaded = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => taylor);
    for (const [i, file] of files.entries())
      expect(await reloaded.find(new File([file], 'again.jpg'), step2, [])).toMatchObject({
        filename: `IMG_${i}.jpg`,
      });
    expect(await reloaded.find(new File(['sam wrote this'], 's.jpg'), step2, [])).toBeNull();
    const samsGuard = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => sam);
    expect(await samsGuard.find(new File(['sam wrote this'], 's.jpg'), step2, [])).toMatchObject({
      filename: 'sam.jpg',
    });
  });

  it('sees what another tab of this device attached, and reads an unchanged list once', async () => {
    const storage = memoryStorage();
    let parses = 0;
    const parse = JSON.parse;
    const spy = vi.spyOn(JSON, 'parse').mockImplementation((text: string) => {
      parses += 1;
      return parse(text) as unknown;
    });
    try {
      const here = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => taylor);
      const otherTab = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => taylor);
      otherTab.remember([await attached(photo(), step2, 71)], 1);
      parses = 0;
      expect(await here.find(photo(), step2, [])).toMatchObject({ filename: 'IMG_0001.jpg' });
      expect(await here.find(photo(), step2, [])).toMatchObject({ filename: 'IMG_0001.jpg' });
      expect(here.surelyNew(new File(['another length'], 'x.jpg'), step2, [])).toBe(true);
      expect(parses).toBe(1);
      // The other tab attaches once more: this one reads the list again.
      otherTab.remember([await attached(new File(['a second photo'], 'IMG_0002.jpg'), step2, 72)], 2);
      expect(await here.find(new File(['a second photo'], 'again.jpg'), step2, [])).toMatchObject({
        filename: 'IMG_0002.jpg',
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('lets a file deleted from the record since be attached again', async () => {
    const storage = memoryStorage();
    const guard = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => taylor);
    guard.remember([await attached(photo(), step2, 71)], 1);
    expect(
      await guard.find(photo(), step2, [], [{ id: 71, filename: 'IMG_0001.jpg', createdAt: 1 }]),
    ).not.toBeNull();
    expect(
      await guard.find(photo(), step2, [], [{ id: 99, filename: 'other.pdf', createdAt: 1 }]),
    ).toBeNull();
  });

  it('asks about a name the record’s list already holds, attached from anywhere', async () => {
    const guard = new DuplicateGuard(md5Hex);
    const listed = [{ id: 5, filename: 'IMG_0001.jpg', createdAt: 1_700_000_000_000 }];
    expect(await guard.find(photo(), step2, [], listed)).toEqual({
      filename: 'IMG_0001.jpg',
      label: step2.label,
      attachedAt: 1_700_000_000_000,
      sameNameOnly: true,
    });
    expect(await guard.find(new File(['x'], 'IMG_0002.jpg'), step2, [], listed)).toBeNull();
  });

  it('does not take another file under a listed name for a copy when this tablet knows its size', async () => {
    const storage = memoryStorage();
    const guard = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => taylor);
    guard.remember([await attached(photo(), step2, 5)], 1);
    const listed = [{ id: 5, filename: 'IMG_0001.jpg', createdAt: 1 }];
    expect(
      await guard.find(new File(['a new picture, longer'], 'IMG_0001.jpg'), step2, [], listed),
    ).toBeNull();
  });

  it('knows a photo made lighter before it was sent by its size as dropped and its name', async () => {
    const storage = memoryStorage();
    const guard = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => taylor);
    const lighter = new File(['small'], 'IMG_0001.jpg');
    guard.remember([{ ...(await attached(lighter, step2, 8)), lightenedFrom: photo().size }], 1);
    const reloaded = new DuplicateGuard(md5Hex, storedAttachedHere(storage), () => taylor);
    expect(await reloaded.find(photo(), step2, [])).toMatchObject({ attachedAt: 1 });
  });
});

describe('knowing a file is new without reading it', () => {
  it('says so only where find would say null, and never for a candidate find must look at', async () => {
    const guard = new DuplicateGuard();
    guard.remember([entry(photo(), step2, 'attached')], 1);
    const queued = [entry(new File(['queued, 12 b'], 'q.bin'), step3, 'uploading')];
    const listed = [{ id: 5, filename: 'listed.pdf', createdAt: 1 }];
    const cases: [File, UploadTarget, boolean][] = [
      [new File(['brand new content'], 'new.jpg'), step2, true],
      // The size of one attached here, of one in the queue, the name of one listed: find must look.
      [new File(['other photo bytes...'], 'other.jpg'), step2, false],
      [new File(['twelve bytes'], 'other.bin'), step2, false],
      [new File(['x'], 'listed.pdf'), step2, false],
      // Attached to another record: only the queue and that record's list count.
      [new File(['other photo bytes...'], 'other.jpg'), step3, true],
    ];
    for (const [file, target, surely] of cases) {
      expect(guard.surelyNew(file, target, queued, listed)).toBe(surely);
      if (surely) expect(await guard.find(file, target, queued, listed)).toBeNull();
    }
    // A finished file in the queue is no candidate.
    const done = [entry(new File(['twelve bytes'], 'q.bin'), step3, 'attached')];
    expect(guard.surelyNew(new File(['twelve bytes'], 'other.bin'), step2, done)).toBe(true);
  });
});
