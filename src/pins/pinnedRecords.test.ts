import { describe, expect, it, vi } from 'vitest';
import { part7, pinnedFor, pinWorld as world, run1, TAYLOR, VIC } from '../test/pinnedRecords.ts';

/** A page pinning run1 while the record fetches wait: `release` lets them go on. */
function pinningRun1WhileHeld() {
  const w = world();
  let release = () => {};
  w.fetcher.hold = new Promise((resolve) => (release = resolve));
  const pins = w.make();
  pins.pin(run1);
  return { w, pins, release: () => release() };
}

describe('records pinned for the shift', () => {
  it('fetches a pinned run ahead with its steps and their fields, and keeps each image and PDF by attachment id', async () => {
    const w = world();
    const pins = w.make();
    await pins.restore();
    pins.pin(run1);
    const pin = await pinnedFor(pins, run1);

    expect(new Set(w.asked)).toEqual(
      new Set(['run:1', 'runStep:11', 'runStep:12', 'runStepField:111', 'runStepField:121']),
    );
    expect(w.fetcher.recordsFetched).toHaveBeenCalled();
    expect(pin.files.sort()).toEqual([1, 2, 3, 4]);
    expect(pin.status).toMatchObject({ state: 'pinned', unreadable: 0, leftOut: 0 });
    expect([...w.storage.blobs.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(pins.getSnapshot().files.get(3)?.form).toBe('pdf-first-page');
    expect(pins.getSnapshot().usageBytes).toBe(400);
    expect(w.storage.state?.owner).toEqual(TAYLOR);
    expect(w.storage.state?.pins.map((p) => `${p.kind}:${p.id}`)).toEqual(['run:1']);
    expect(await pins.readFile(2)).toBeInstanceOf(Blob);
  });

  it('says how far pinning has come while it fetches', async () => {
    const { pins, release } = pinningRun1WhileHeld();
    expect(pins.pinOf(run1)?.status).toEqual({ state: 'pinning', done: 0, total: 1 });
    release();
    await pinnedFor(pins, run1);
  });

  it('is restored only for the person who pinned: someone else’s sign-in deletes it unread', async () => {
    const w = world();
    const first = w.make();
    first.pin(run1);
    await pinnedFor(first, run1);

    // Nobody signed in yet (the page starts before the sign-in callback): left for its owner.
    w.signIn(null);
    const nobody = w.make();
    await nobody.restore();
    expect(nobody.getSnapshot().pins).toEqual([]);
    expect(w.storage.state).toBeDefined();

    w.signIn(TAYLOR);
    const again = w.make();
    await again.restore();
    expect(again.pinOf(run1)?.status.state).toBe('pinned');
    expect(again.getSnapshot().files.size).toBe(4);

    w.signIn(VIC);
    const vics = w.make();
    await vics.restore();
    w.expectNothingKept(vics);
  });

  it('forgets everything when the person changes in the page', async () => {
    const w = world();
    const pins = w.make();
    await pins.restore();
    pins.pin(run1);
    await pinnedFor(pins, run1);
    w.signIn(VIC);
    await pins.personChanged();
    w.expectNothingKept(pins);
  });

  it('clears the device, and a fetch still under way writes nothing after it', async () => {
    const { w, pins, release } = pinningRun1WhileHeld();
    await pins.clear();
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(w.copied).toEqual([]);
    w.expectNothingKept(pins);
  });

  it('waits for the network when pinned offline, and fetches when it returns', async () => {
    const w = world({ online: false });
    const pins = w.make();
    pins.pin(part7);
    expect(pins.pinOf(part7)?.status).toEqual({ state: 'waiting' });
    expect(w.asked).toEqual([]);
    w.setOnline(true);
    pins.resume();
    await pinnedFor(pins, part7);
    expect(w.asked).toEqual(['part:7']);
  });

  it('says why pinning failed, and tries again when asked', async () => {
    const w = world();
    const pins = w.make();
    w.fetcher.fail = new TypeError('Failed to fetch');
    pins.pin(part7);
    await vi.waitFor(() => expect(pins.pinOf(part7)?.status.state).toBe('failed'));
    expect(pins.pinOf(part7)?.status).toMatchObject({ error: w.fetcher.fail });
    w.fetcher.fail = undefined;
    pins.retry(part7);
    await pinnedFor(pins, part7);
  });

  it('fails the pin when storage cannot be reached for a copy, and keeps what came when tried again', async () => {
    const w = world();
    w.fetcher.copyFail = new TypeError('Failed to fetch');
    const pins = w.make();
    pins.pin(part7);
    await vi.waitFor(() => expect(pins.pinOf(part7)?.status.state).toBe('failed'));
    expect(pins.pinOf(part7)?.fetchedAt).toBeUndefined();
    w.fetcher.copyFail = undefined;
    pins.retry(part7);
    const pin = await pinnedFor(pins, part7);
    expect(pin.status).toMatchObject({ unreadable: 0, leftOut: 0 });
    expect([...w.storage.blobs.keys()].sort()).toEqual([70, 71]);
  });

  it('counts the copies that could not be made, and pins the rest', async () => {
    const w = world();
    w.fetcher.unreadable = new Set([71]);
    const pins = w.make();
    pins.pin(part7);
    const pin = await pinnedFor(pins, part7);
    expect(pin.status).toMatchObject({ unreadable: 1, leftOut: 0 });
    expect([...w.storage.blobs.keys()]).toEqual([70]);
  });

  it('stays within the budget: copies of unpinned records go first, then the oldest pin’s', async () => {
    const w = world({ budgetBytes: 450 });
    const pins = w.make();
    pins.pin(part7); // 2 copies
    await pinnedFor(pins, part7);
    pins.unpin(part7);
    expect(w.storage.blobs.size).toBe(2); // kept until their room is needed
    pins.pin(run1); // 4 copies: 600 bytes with the part's
    await pinnedFor(pins, run1);
    expect([...w.storage.blobs.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(pins.getSnapshot().usageBytes).toBe(400);

    pins.pin(part7); // pinned again, newest: the run's oldest copies make room
    const part = await pinnedFor(pins, part7);
    expect(part.status).toMatchObject({ leftOut: 0 });
    expect(pins.getSnapshot().usageBytes).toBeLessThanOrEqual(450);
    expect(pins.pinOf(run1)?.status).toMatchObject({ state: 'pinned', leftOut: 2 });
  });

  it('asks the browser to keep the site’s data at the first pin, and says when it will not', async () => {
    const w = world();
    const pins = w.make();
    await pins.restore();
    expect(pins.getSnapshot().persisted).toBe(false);
    pins.pin(part7);
    pins.pin(run1);
    await pinnedFor(pins, run1);
    expect(w.persistence.persist).toHaveBeenCalledTimes(1);
    expect(pins.getSnapshot().persisted).toBe(false);
  });

  it('deletes copies a closed page left without their entry', async () => {
    const w = world();
    w.storage.blobs.set(99, new Blob(['left']));
    const pins = w.make();
    await pins.restore();
    await vi.waitFor(() => expect(w.storage.blobs.has(99)).toBe(false));
  });

  describe('what an older or newer version of the app kept', () => {
    /** Taylor's pin of run 1 and its copy, as kept before the state carried a version. */
    const keptBeforeVersions = () => ({
      owner: TAYLOR,
      pins: [{ ...run1, pinnedAt: 1, fetchedAt: 2, files: [1], unreadable: [] }],
      files: [{ id: 1, form: 'image', bytes: 100, keptAt: 2, pins: ['run:1'] }],
    });

    it('restores pins kept before versions, migrated, and writes them back at this version', async () => {
      const w = world();
      w.storage.state = keptBeforeVersions() as unknown as typeof w.storage.state;
      w.storage.blobs.set(1, new Blob(['copy']));
      const pins = w.make();
      await pins.restore();

      expect(pins.pinOf(run1)?.status).toMatchObject({ state: 'pinned', fetchedAt: 2 });
      expect(pins.getSnapshot()).toMatchObject({ usageBytes: 100, dropped: null });
      expect(await pins.readFile(1)).toBeInstanceOf(Blob);

      pins.pin(part7);
      await pinnedFor(pins, part7);
      expect(w.storage.state).toMatchObject({ schemaVersion: 1 });
      expect(w.storage.state?.pins.map((p) => `${p.kind}:${p.id}`)).toEqual(['run:1', 'part:7']);
    });

    it('never reads a later version’s pins: they are cleared once someone signs in, who is told', async () => {
      const w = world();
      const later = { ...keptBeforeVersions(), schemaVersion: 2 };
      w.storage.state = later as unknown as typeof w.storage.state;
      w.storage.blobs.set(1, new Blob(['copy']));

      w.signIn(null);
      const nobody = w.make();
      await nobody.restore();
      expect(w.storage.state).toEqual(later);
      expect(nobody.getSnapshot().dropped).toBeNull();

      w.signIn(TAYLOR);
      const pins = w.make();
      await pins.restore();
      expect(pins.getSnapshot()).toMatchObject({ pins: [], usageBytes: 0, dropped: 'newer' });
      expect(w.storage.state).toBeUndefined();
      expect(w.storage.blobs.size).toBe(0);
    });
  });
});
