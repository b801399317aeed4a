import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEP_WRITE_PATIENCE_MS, KeptUploads } from './keptUploads.ts';
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
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard).toEqual([['slow', false]]);

    land();
    await saved;
    expect(heard).toEqual([
      ['slow', false],
      ['fast', true],
      ['slow', true],
    ]);
  });
});
