import { describe, expect, it, vi } from 'vitest';
import { DuplicateGuard, sha256 } from './duplicateGuard.ts';
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
    // A finished entry is no longer "queued".
    expect(await guard.find(again, step2, [entry(photo(), step3, 'failed')])).toBeNull();
  });

  it('finds a copy attached from this device to the same record only', async () => {
    const guard = new DuplicateGuard();
    guard.remember(entry(photo(), step2, 'attached'), 1_700_000_000_000);
    expect(await guard.find(photo(), step2, [])).toMatchObject({
      label: step2.label,
      attachedAt: 1_700_000_000_000,
    });
    expect(await guard.find(photo(), step3, [])).toBeNull();
  });

  it('does not take files of the same size but other content for copies', async () => {
    const guard = new DuplicateGuard();
    guard.remember(entry(new File(['aaaa'], 'a.txt'), step2, 'attached'), 1);
    expect(await guard.find(new File(['bbbb'], 'b.txt'), step2, [])).toBeNull();
  });

  it('hashes only files whose size matches one it knows, each once', async () => {
    const hash = vi.fn(sha256);
    const guard = new DuplicateGuard(hash);
    guard.remember(entry(photo(), step2, 'attached'), 1);
    await guard.find(new File(['a different length entirely'], 'x.jpg'), step2, []);
    expect(hash).not.toHaveBeenCalled();
    const candidate = photo();
    await guard.find(candidate, step2, []);
    await guard.find(candidate, step2, []);
    expect(hash).toHaveBeenCalledTimes(2);
  });
});
