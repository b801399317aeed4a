import { describe, expect, it, vi } from 'vitest';
import { UploadError } from './uploadErrors.ts';
import { defaultRetryPolicy } from './uploadQueue.ts';
import {
  createQueueWorld,
  entryOf,
  FakeConnectivity,
  file,
  finished,
  oneFileHeldAt,
  PART,
  until,
} from '../test/uploadQueue.ts';
import { oneFileRunThrough } from '../test/uploadQueueOneFile.ts';

describe('UploadQueue: exactly once', () => {
  it('looks for the s3Key before registering again when the answer was lost', async () => {
    const { world, done } = await oneFileRunThrough((server) => (server.loseRegisterAnswers = 1));

    expect(done).toMatchObject({ state: 'attached', attachmentId: 100 });
    expect(world.server.registerCalls).toHaveLength(1);
    expect(world.server.lookups).toEqual(['uploads/1/a.pdf']);
    expect(world.server.attachments).toHaveLength(1);
  });

  it('registers again after a lost request that never arrived', async () => {
    const { world, done } = await oneFileRunThrough((server) =>
      server.failures.register.push(new UploadError('transient', 'HTTP 502')),
    );

    expect(done.state).toBe('attached');
    expect(world.server.lookups).toHaveLength(1);
    expect(world.server.registerCalls).toHaveLength(2);
    expect(world.server.attachments).toHaveLength(1);
  });

  it('starts a failed file once however often retry is clicked', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('permanent', 'nope'));
    const { queue, entry } = world.addOneFile();
    await until(queue, entry.id, (e) => e.state === 'failed');

    queue.retry(entry.id);
    queue.retry(entry.id);
    queue.retry(entry.id);
    await until(queue, entry.id, (e) => e.state !== 'failed');
    expect((await until(queue, entry.id, finished)).state).toBe('attached');
    expect(world.server.ticketRequests).toHaveLength(2);
    expect(world.server.attachments).toHaveLength(1);
  });

  it('retrying a file whose registration failed looks it up and does not upload again', async () => {
    const world = createQueueWorld();
    world.server.loseRegisterAnswers = 1;
    const { queue, entry } = world.addOneFile({ backoff: { ...defaultRetryPolicy, maxRetries: 0 } });
    await until(queue, entry.id, (e) => e.state === 'failed');

    queue.retry(entry.id);
    await until(queue, entry.id, (e) => e.state !== 'failed');
    expect(await until(queue, entry.id, finished)).toMatchObject({ state: 'attached', attachmentId: 100 });
    expect(world.server.puts).toHaveLength(1);
    expect(world.server.attachments).toHaveLength(1);
  });

  it("sends none of a file's bytes before it is stored, and sends it once it is, whatever the rest of its batch does", async () => {
    const world = createQueueWorld();
    const held = new Map<string, () => void>();
    const save = world.store.save.bind(world.store);
    world.store.save = (row) =>
      row.state === 'queued'
        ? new Promise<void>((resolve) => held.set(row.id, () => void save(row).then(resolve)))
        : save(row);
    const queue = world.makeQueue();
    const { added } = queue.add([file('a.pdf', 10), file('b.pdf', 10), file('c.pdf', 10)], PART);
    await vi.waitFor(() => expect(held.size).toBeGreaterThan(1));
    // Their tickets are asked for meanwhile (a name, nothing of the file): the PUTs wait for the writes.
    await vi.waitFor(() => expect(world.server.ticketRequests).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(world.server.puts).toEqual([]);

    held.get(added[1]!.id)!();
    expect(await until(queue, added[1]!.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.puts).toHaveLength(1);

    for (const release of held.values()) release();
    for (const entry of added)
      expect(await until(queue, entry.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.attachments).toHaveLength(3);
  });

  it('resumes after a reload in the middle of an upload and attaches once', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const before = world.makeQueue();
    const [entry] = before.add([file('video.mp4', 5000, 'video/mp4')], PART).added;
    await until(before, entry!.id, (e) => e.state === 'uploading');
    await vi.waitFor(() => expect(world.store.rows.get(entry!.id)).toBeDefined());

    // The page goes away: its PUT never completes.
    world.server.gates.put.drop();
    world.pages.close('page-1');
    const after = world.makeQueue();
    await after.restore();

    const done = await until(after, entry!.id, (e) => e.state === 'attached' || e.state === 'failed');
    expect(done).toMatchObject({ state: 'attached', filename: 'video.mp4', target: PART });
    expect(world.server.attachments.filter((a) => a.filename === 'video.mp4')).toHaveLength(1);
    await vi.waitFor(() => expect(world.store.rows.size).toBe(0));
  });

  it('a page that stops after the upload, before registering, leaves the key: the next registers it once', async () => {
    const world = createQueueWorld();
    // The first page loses the network as its PUT ends, and is closed while it waits to register.
    const firstPageNetwork = new FakeConnectivity();
    const before = world.makeQueue({ connectivity: firstPageNetwork });
    world.server.gates.put.close();
    const [entry] = before.add([file('a.pdf', 10)], PART).added;
    const id = entry!.id;
    await until(before, id, (e) => e.state === 'uploading');
    firstPageNetwork.online = false;
    world.server.gates.put.release();
    await until(before, id, (e) => e.state === 'registering' && e.waiting === 'network');
    expect(world.store.rows.get(id)).toMatchObject({ state: 'registering', registerSent: true });
    world.pages.close('page-1');

    const after = world.makeQueue();
    await after.restore();
    expect(await until(after, id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.puts).toHaveLength(1);
    expect(world.server.lookups).toHaveLength(1);
    expect(world.server.registerCalls).toHaveLength(1);
  });

  it('after a reload during registration, finds the attachment instead of creating another', async () => {
    const world = createQueueWorld();
    world.server.gates.register.close();
    const before = world.makeQueue();
    const [entry] = before.add([file('a.pdf', 10)], PART).added;
    const id = entry!.id;
    // What the store held while the request was on its way: the page dies before the answer.
    const storedWhileRegistering = await vi.waitFor(() => {
      const row = world.store.rows.get(id);
      if (!row?.registerSent) throw new Error('registration not stored yet');
      return { ...row };
    });
    world.server.gates.register.release();
    await until(before, id, finished);
    await vi.waitFor(() => expect(world.store.rows.size).toBe(0));
    await world.store.saveAll([storedWhileRegistering]);
    world.pages.close('page-1');

    const after = world.makeQueue();
    await after.restore();
    expect(await until(after, id, finished)).toMatchObject({ state: 'attached', attachmentId: 100 });
    expect(world.server.registerCalls).toHaveLength(1);
    expect(world.server.attachments).toHaveLength(1);
  });
});

describe('UploadQueue: several tabs', () => {
  /** A file page 1 is sending, and a second page that looked while page 1 was open; then page 1 goes. */
  async function secondPageThenFirstGoes() {
    const { world, entry } = await oneFileHeldAt('put', 'uploading');
    await vi.waitFor(() => expect(world.store.rows.get(entry!.id)?.owner).toBe('page-1'));
    const second = world.makeQueue();
    await second.restore();
    // Left to the page still working on it.
    expect(second.getSnapshot()).toHaveLength(0);
    world.server.gates.put.drop();
    world.pages.close('page-1');
    return { world, id: entry!.id, second };
  }

  it('leaves uploads of another open tab to it, and takes them over once that tab is closed', async () => {
    const { world, id, second } = await secondPageThenFirstGoes();
    const third = world.makeQueue();
    await third.restore();
    // One of the open tabs takes it up (the one that was waiting, or the one opened after); never both.
    const taker = await vi.waitFor(() => {
      const holders = [second, third].filter((q) => q.getSnapshot().length > 0);
      expect(holders).toHaveLength(1);
      return holders[0]!;
    });
    expect(await until(taker, id, finished)).toMatchObject({ state: 'attached' });
    expect([...second.getSnapshot(), ...third.getSnapshot()]).toHaveLength(1);
    expect(world.server.attachments).toHaveLength(1);
  });

  it('a reload whose old page is still being let go takes its files up once it has gone, with nothing else happening', async () => {
    // The old page goes: no sign-in, no restore called again, only the browser letting it go.
    const { world, id, second: reloaded } = await secondPageThenFirstGoes();
    expect(await until(reloaded, id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.attachments).toHaveLength(1);
  });
});

describe('UploadQueue: cancel, remove, persistence, load', () => {
  it('cancel aborts the PUT and creates nothing', async () => {
    const { world, queue, entry } = await oneFileHeldAt('put', 'uploading');

    queue.cancel(entry!.id);
    expect(world.server.puts[0]!.signal.aborted).toBe(true);
    world.server.gates.put.release();
    expect((await until(queue, entry!.id, finished)).state).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(entryOf(queue, entry!.id).state).toBe('cancelled');
    expect(world.server.registerCalls).toHaveLength(0);
    await vi.waitFor(() => expect(world.store.rows.size).toBe(0));
  });

  it('a file retried while its cancelled transfer is still stopping starts again once that has stopped', async () => {
    const { world, queue, entry } = await oneFileHeldAt('put', 'uploading');

    queue.cancel(entry!.id);
    queue.retry(entry!.id);
    world.server.gates.put.release();
    expect(await until(queue, entry!.id, (e) => e.state === 'attached')).toMatchObject({ attachmentId: 100 });
    expect(world.server.attachments).toHaveLength(1);
  });

  it('cannot cancel a file that is being registered', async () => {
    const { world, queue, entry } = await oneFileHeldAt('register', 'registering');

    queue.cancel(entry!.id);
    world.server.gates.register.release();
    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
  });

  it('keeps failed files across a reload and clears attached ones', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('permanent', 'nope'));
    const queue = world.makeQueue();
    const [bad, good] = queue.add([file('bad.pdf', 10), file('good.pdf', 10)], PART).added;
    await until(queue, bad!.id, finished);
    await until(queue, good!.id, finished);
    await vi.waitFor(() => expect([...world.store.rows.keys()]).toEqual([bad!.id]));
    world.pages.close('page-1');

    const after = world.makeQueue();
    await after.restore();
    await vi.waitFor(() =>
      expect(after.getSnapshot().map((e) => [e.filename, e.state])).toEqual([['bad.pdf', 'failed']]),
    );
    after.remove(bad!.id);
    await vi.waitFor(() => expect(world.store.rows.size).toBe(0));
  });

  it('says at once which files the device could not store, keeps the others, and still sends all', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    world.store.full.add('upload-2');
    const queue = world.makeQueue();
    const { added } = queue.add([file('a.bin', 10), file('b.bin', 10), file('c.bin', 10)], PART);

    expect(await until(queue, 'upload-2', (e) => e.notKept === true)).toMatchObject({ filename: 'b.bin' });
    await vi.waitFor(() => expect([...world.store.rows.keys()].sort()).toEqual(['upload-1', 'upload-3']));
    expect(entryOf(queue, 'upload-1').notKept).toBeUndefined();
    expect(entryOf(queue, 'upload-3').notKept).toBeUndefined();

    // Room again: the next write keeps it, and says so.
    world.store.full.delete('upload-2');
    world.server.gates.put.release();
    for (const entry of added)
      expect(await until(queue, entry.id, finished)).toMatchObject({ state: 'attached' });
    expect(entryOf(queue, 'upload-2').notKept).toBeUndefined();
  });

  it('forgets everything, stored copies included, when the technician signs out', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    const { added } = queue.add(
      [file('a.pdf', 10), file('b.pdf', 10), file('c.pdf', 10), file('d.pdf', 10)],
      PART,
    );
    await vi.waitFor(() => expect(world.server.gates.put.held).toBe(3));

    await queue.discardAll();
    world.server.gates.put.release();
    await vi.waitFor(() => expect(queue.getSnapshot()).toHaveLength(0));
    expect(world.store.rows.size).toBe(0);
    expect(world.server.puts.every((put) => put.signal.aborted)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(world.server.registerCalls).toHaveLength(0);
    expect(added).toHaveLength(4);
  });

  it('moves at most three files at once', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    const { added } = queue.add(
      Array.from({ length: 10 }, (_, i) => file(`f${i}.pdf`, 10)),
      PART,
    );
    await vi.waitFor(() => expect(world.server.gates.put.held).toBe(3));
    expect(queue.getSnapshot().filter((e) => e.state === 'uploading')).toHaveLength(3);
    world.server.gates.put.release();
    for (const entry of added) await until(queue, entry.id, finished);
    expect(world.server.attachments).toHaveLength(10);
  });

  it('announces 500 dropped files in a few batches, not once per change', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue({ notifyEveryMs: 50 });
    const listener = vi.fn();
    queue.subscribe(listener);
    const { added } = queue.add(
      Array.from({ length: 500 }, (_, i) => file(`scan-${i}.png`, 10, 'image/png')),
      PART,
    );
    await vi.waitFor(() => expect(queue.getSnapshot()).toHaveLength(500));
    expect(listener.mock.calls.length).toBeLessThanOrEqual(2);
    for (const entry of added) queue.cancel(entry.id);
  });
});
