import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_WRITES_AT_ONCE, KEEP_WRITE_PATIENCE_MS, KeptUploads } from './keptUploads.ts';
import type { StoredUpload, UploadOwnership, UploadStore } from './uploadPorts.ts';
import type { UploadEntry } from './types.ts';
import { uploadEntry } from '../test/uploadEntries.ts';

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

  describe('a full disk', () => {
    const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    /** A store whose writes the test answers, one file at a time, and whose room it sets. */
    function heldStore(room: number | null = null) {
      const answers = new Map<string, { land: () => void; refuse: () => void }>();
      const store = {
        save: (row: StoredUpload) =>
          new Promise<void>((land, refuse) => answers.set(row.id, { land, refuse: () => refuse(full()) })),
        room: async () => room,
      } as unknown as UploadStore;
      return { store, answers };
    }
    function keptWith(store: UploadStore) {
      const notKept = new Set<string>();
      const kept = new KeptUploads(store, { ownerId: 'page-1' } as UploadOwnership, (id, ok) => {
        if (ok) notKept.delete(id);
        else notKept.add(id);
      });
      return { kept, notKept };
    }
    const files = (...ids: string[]) => ids.map((id) => uploadEntry({ id, size: 100 }));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('a refused write flags at once every file whose bytes are not stored yet, those waiting their turn included', async () => {
      const { store, answers } = heldStore();
      const { kept, notKept } = keptWith(store);
      void kept.save(files('a', 'b', 'c', 'd', 'e'));
      await settle();
      expect(notKept.size).toBe(0);

      answers.get('a')!.land();
      answers.get('b')!.refuse();
      await settle();
      // c is being written, d and e wait for their turn: none of them is on the device yet.
      expect([...notKept].sort()).toEqual(['b', 'c', 'd', 'e']);

      // What lands after all is said kept again; what is refused stays flagged.
      answers.get('c')!.land();
      await settle();
      expect([...notKept].sort()).toEqual(['b', 'd', 'e']);
      expect(kept.notStored().sort()).toEqual(['b', 'd', 'e']);
    });

    it('while the device refuses, a file handed over is flagged at that moment, not at its turn', async () => {
      const { store, answers } = heldStore();
      const { kept, notKept } = keptWith(store);
      void kept.save(files('a'));
      await settle();
      answers.get('a')!.refuse();
      await settle();
      expect([...notKept]).toEqual(['a']);

      void kept.save(files('b'));
      expect([...notKept]).toEqual(['a', 'b']);
    });

    it('files the device says it has no room for are flagged before their turn, counting the files ahead of them', async () => {
      const { store, answers } = heldStore(350);
      const { kept, notKept } = keptWith(store);
      void kept.save(files('a', 'b', 'c'));
      await settle();
      expect(notKept.size).toBe(0);
      // 300 bytes are on their way: of 50 left, neither of the next two fits.
      void kept.save(files('d', 'e'));
      await settle();
      expect([...notKept].sort()).toEqual(['d', 'e']);
      expect(answers.has('d')).toBe(false);
    });

    it('a file whose bytes are not stored within the patience, counted from when it was handed over, is flagged', async () => {
      vi.useFakeTimers();
      const { store, answers } = heldStore();
      const { kept, notKept } = keptWith(store);
      void kept.save(files('a', 'b', 'c', 'd'));
      await vi.advanceTimersByTimeAsync(KEEP_WRITE_PATIENCE_MS - 1);
      answers.get('a')!.land();
      await vi.advanceTimersByTimeAsync(1);
      // d got its turn only now, yet has waited as long as the others.
      expect(answers.has('d')).toBe(true);
      expect([...notKept].sort()).toEqual(['b', 'c', 'd']);
    });
  });
});
