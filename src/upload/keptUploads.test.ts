import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_WRITES_AT_ONCE, KEEP_WRITE_PATIENCE_MS, KeptUploads } from './keptUploads.ts';
import type { StoredUpload, UploadOwnership, UploadStore } from './uploadPorts.ts';
import type { UploadEntry } from './types.ts';

afterEach(() => vi.useRealTimers());

describe('KeptUploads', () => {
  it('a write the disk leaves unanswered is said not kept, and kept once it lands', async () => {
    vi.useFakeTimers();
    let land!: () => void;
    const store = {
      save: (row: StoredUpload) =>
        row.id === 'slow' ? new Promise<void>((resolve) => (land = resolve)) : Promise.resolve(),
    } as unknown as UploadStore;
    const heard: [string, boolean][] = [];
    const kept = new KeptUploads(store, { ownerId: 'page-1' } as UploadOwnership, (id, ok) =>
      heard.push([id, ok]),
    );
    const entry = (id: string) => ({ id, state: 'queued', sentBytes: 0, bytesPerSecond: 0 }) as UploadEntry;

    const saved = kept.save([entry('fast'), entry('slow')]);
    await vi.advanceTimersByTimeAsync(KEEP_WRITE_PATIENCE_MS - 1);
    // Each file is said kept as soon as it is, whatever its batch does.
    expect(heard).toEqual([['fast', true]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard).toEqual([
      ['fast', true],
      ['slow', false],
    ]);

    land();
    await saved;
    expect(heard).toEqual([
      ['fast', true],
      ['slow', false],
      ['slow', true],
    ]);
  });

  it("hands a batch's first writes to the store a few at a time, in order, and never holds one file's writes for another's", async () => {
    const held = new Map<string, () => void>();
    const started: string[] = [];
    const store = {
      save: (row: StoredUpload) => {
        started.push(`${row.id}:${row.state}`);
        return new Promise<void>((resolve) => held.set(row.id, resolve));
      },
    } as unknown as UploadStore;
    const kept = new KeptUploads(store, { ownerId: 'page-1' } as UploadOwnership, () => {});
    const entry = (id: string, state: UploadEntry['state'] = 'queued') =>
      ({ id, state, sentBytes: 0, bytesPerSecond: 0 }) as UploadEntry;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    void kept.save(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => entry(id)));
    await settle();
    expect(started).toEqual(['a:queued', 'b:queued', 'c:queued'].slice(0, FIRST_WRITES_AT_ONCE));

    // A file asked for goes next; a stored file's next write goes at once, whatever else is waiting.
    let fKept = false;
    void kept.whenKept('f').then(() => (fKept = true));
    held.get('a')!();
    await settle();
    expect(started.at(-1)).toBe('f:queued');
    void kept.save([entry('a', 'registering')]);
    await settle();
    expect(started.at(-1)).toBe('a:registering');
    expect(fKept).toBe(false);
    held.get('f')!();
    await settle();
    expect(fKept).toBe(true);
  });
});
