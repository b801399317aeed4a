import { describe, expect, it, vi } from 'vitest';
import { UploadError } from './uploadErrors.ts';
import { allows, PUT_STALL_MS, TRANSITIONS, type UploadEvent } from './uploadQueue.ts';
import { canSendOriginal } from './describeUpload.ts';
import type { UploadState } from './types.ts';
import { createQueueWorld, entryOf, FakeServer, file, finished, PART, until } from '../test/uploadQueue.ts';
import { oneFileRunThrough } from '../test/uploadQueueOneFile.ts';

describe('UploadQueue: the way through', () => {
  it('moves a file through ticket, uploading and registering to attached', async () => {
    const world = createQueueWorld();
    const { gates } = world.server;
    gates.ticket.close();
    gates.put.close();
    gates.register.close();
    const queue = world.makeQueue();

    const [entry] = queue.add([file('report.pdf', 1000, 'application/pdf')], PART).added;
    const id = entry!.id;
    expect(entry!.state).toBe('queued');

    await until(queue, id, (e) => e.state === 'ticket');
    gates.ticket.release();
    const uploading = await until(queue, id, (e) => e.state === 'uploading' && e.sentBytes === 500);
    expect(uploading.bytesPerSecond).toBeGreaterThan(0);
    gates.put.release();
    await until(queue, id, (e) => e.state === 'registering');
    gates.register.release();
    const attached = await until(queue, id, (e) => e.state === 'attached');

    expect(attached.attachmentId).toBe(100);
    expect(world.server.attachments).toEqual([
      { id: 100, filename: 'report.pdf', s3Key: 'uploads/1/report.pdf', entityId: 501 },
    ]);
  });

  it('PUTs the file itself with the ticket content type and a stall timeout', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const photo = file('photo.jpg', 4000, 'image/jpeg');
    const [entry] = queue.add([photo], PART).added;
    await until(queue, entry!.id, finished);

    const [put] = world.server.puts;
    expect(put!.body).toBe(photo);
    expect(put!.contentType).toBe('image/jpeg');
    expect(put!.stallTimeoutMs).toBe(PUT_STALL_MS);
  });

  it('registers on the target entity id with the name the technician sees, and announces it', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const events: UploadEvent[] = [];
    queue.onEvents((batch) => events.push(...batch));
    const [entry] = queue.add([file('Prüfbericht 測定 ✓.pdf', 10, 'application/pdf')], PART).added;
    await until(queue, entry!.id, finished);

    expect(world.server.registerCalls[0]).toMatchObject({
      filename: 'Prüfbericht 測定 ✓.pdf',
      entityId: 501,
    });
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(['attached']));
  });

  it('refuses empty files, saying so, and sends nothing for them', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const result = queue.add([file('empty.jpg', 0, 'image/jpeg'), file('weld.jpg', 10, 'image/jpeg')], PART);

    expect(result.refused).toEqual([{ filename: 'empty.jpg', reason: 'This file is empty — not attached.' }]);
    expect(result.added.map((e) => e.filename)).toEqual(['weld.jpg']);
    await until(queue, result.added[0]!.id, finished);
    expect(world.server.ticketRequests).toEqual(['weld.jpg']);
    expect(world.server.attachments.map((a) => a.filename)).toEqual(['weld.jpg']);
  });

  it('refuses files over the size limit before anything is sent', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue({ maxUploadBytes: () => 100 });
    const result = queue.add([file('big.bin', 101), file('ok.bin', 100)], PART);

    expect(result.refused).toEqual([
      { filename: 'big.bin', reason: expect.stringMatching(/larger than the 100 B limit/i) },
    ]);
    expect(result.added.map((e) => e.filename)).toEqual(['ok.bin']);
    await until(queue, result.added[0]!.id, finished);
    expect(world.server.ticketRequests).toEqual(['ok.bin']);
  });
});

/** `count` PDFs of different sizes added at once, their PUTs and registrations held by the server. */
function scansHeldAtStorage(count: number) {
  const world = createQueueWorld();
  const { gates } = world.server;
  gates.put.close();
  gates.register.close();
  const queue = world.makeQueue();
  const scans = Array.from({ length: count }, (_, i) => file(`scan-${i}.pdf`, 10 + i, 'application/pdf'));
  const ids = queue.add(scans, PART).added.map(({ id }) => id);
  return { world, gates, queue, ids };
}

describe('UploadQueue: how many files move at once', () => {
  it('sends at most three files at once, and the next one goes while a file is being registered', async () => {
    const { world, gates, queue, ids } = scansHeldAtStorage(5);
    await vi.waitFor(() => expect(gates.put.held).toBe(3));
    expect(world.server.ticketRequests).toHaveLength(3);
    // The first three are in storage and wait for their registrations: the other two go meanwhile.
    gates.put.release();
    await vi.waitFor(() => expect(gates.register.held).toBe(5));
    expect(world.server.puts).toHaveLength(5);
    gates.register.release();
    for (const id of ids) await until(queue, id, (e) => e.state === 'attached');
    expect(world.server.attachments).toHaveLength(5);
  });

  it('never has more than three transfers under way while others register', async () => {
    const { world, gates, queue, ids } = scansHeldAtStorage(7);
    await vi.waitFor(() => expect(gates.put.held).toBe(3));
    gates.put.release();
    gates.put.close();
    // Three registering, the next three transferring, the last one waiting for a place.
    await vi.waitFor(() => expect(gates.put.held).toBe(3));
    expect(gates.register.held).toBe(3);
    expect(entryOf(queue, ids[6]!).state).toBe('queued');
    gates.put.release();
    gates.register.release();
    for (const id of ids) await until(queue, id, (e) => e.state === 'attached');
    expect(world.server.attachments.map((a) => a.filename).sort()).toEqual(
      Array.from({ length: 7 }, (_, i) => `scan-${i}.pdf`),
    );
  });

  it('stops a file being registered, though it gave its place back, when its person signs out', async () => {
    const world = createQueueWorld();
    const { gates } = world.server;
    gates.register.close();
    const queue = world.makeQueue();
    queue.add([file('scan.pdf', 10, 'application/pdf')], PART);
    await vi.waitFor(() => expect(gates.register.held).toBe(1));
    queue.suspend();
    gates.register.release();
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
    // The registration was sent but its answer is not taken up: the stored copy stays theirs, for
    // their next sign-in (which looks it up before registering it again).
    expect(world.server.registerCalls).toHaveLength(1);
    expect(world.server.attachments).toEqual([]);
    expect([...world.store.rows.values()].map((row) => row.state)).toEqual(['registering']);
  });
});

describe('UploadQueue: what a person did shows at once', () => {
  it('announces a file dropped, and a tap on Cancel, in the next task, whatever is left of the window', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue({ notifyEveryMs: 60_000 });
    const [first] = queue.add([file('first.pdf', 10, 'application/pdf')], PART).added;
    await vi.waitFor(() => expect(queue.getSnapshot()).toHaveLength(1));
    // The first file's passing states wait for the minute; the second drop does not.
    const [second] = queue.add([file('second.pdf', 11, 'application/pdf')], PART).added;
    // Counted by a decision at once, in this very task; shown in the next one.
    expect(queue.entriesNow().map((entry) => entry.id)).toEqual([first!.id, second!.id]);
    expect(queue.getSnapshot()).toHaveLength(1);
    await vi.waitFor(() => expect(queue.getSnapshot()).toHaveLength(2), { timeout: 1_000 });
    queue.cancel(first!.id);
    await vi.waitFor(() => expect(entryOf(queue, first!.id).state).toBe('cancelled'), { timeout: 1_000 });
    world.server.gates.put.release();
  });
});

describe('UploadQueue: a more specific filename for the ticket', () => {
  it('asks again with the known type extension when the ticket type is generic, keeping the name', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('image', 10, 'image/jpeg')], PART).added;
    await until(queue, entry!.id, finished);

    expect(world.server.ticketRequests).toEqual(['image', 'image.jpg']);
    expect(world.server.puts[0]!.contentType).toBe('image/jpeg');
    expect(world.server.registerCalls[0]).toMatchObject({ filename: 'image', s3Key: 'uploads/2/image.jpg' });
  });

  it('knows a file that says nothing of its type by its first bytes, and asks for a ticket for that type', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])], 'IMG_0412');
    const [entry] = queue.add([jpeg], PART).added;
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached', type: 'image/jpeg' });

    expect(world.server.ticketRequests).toEqual(['IMG_0412', 'IMG_0412.jpg']);
    expect(world.server.puts[0]!.contentType).toBe('image/jpeg');
    expect(world.server.registerCalls[0]).toMatchObject({ filename: 'IMG_0412' });
  });

  it('does not ask again when the browser does not know the type either', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('measurements.dat', 10, '')], PART).added;
    await until(queue, entry!.id, finished);

    expect(world.server.ticketRequests).toEqual(['measurements.dat']);
    expect(world.server.puts[0]!.contentType).toBe('application/octet-stream');
  });
});

describe('UploadQueue: failures', () => {
  it('gets a new ticket once when storage refuses the URL (403), then succeeds', async () => {
    const { world, done } = await oneFileRunThrough((server) =>
      server.failures.put.push(new UploadError('url-rejected', 'expired')),
    );

    expect(done.state).toBe('attached');
    expect(world.server.ticketRequests).toHaveLength(2);
    expect(new Set(world.server.puts.map((p) => p.url)).size).toBe(2);
  });

  it('fails with the reason when storage refuses the new URL too', async () => {
    const { world, done } = await oneFileRunThrough((server) =>
      server.failures.put.push(
        new UploadError('url-rejected', 'expired'),
        new UploadError('url-rejected', 'Storage refused the upload address (expired or invalid).'),
      ),
    );

    expect(done).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/refused the upload address/),
    });
    expect(world.server.registerCalls).toHaveLength(0);
  });

  it('retries network errors, 5xx and 429 with growing, jittered, bounded waits', async () => {
    const { world, done } = await oneFileRunThrough((server) => {
      server.failures.put.push(
        new UploadError('transient', 'The connection to storage was lost.'),
        new UploadError('transient', 'HTTP 500'),
        new UploadError('transient', 'HTTP 429'),
      );
      server.failures.ticket.push(new UploadError('transient', 'HTTP 503'));
      server.failures.register.push(new UploadError('transient', 'HTTP 502'));
    });

    expect(done.state).toBe('attached');
    expect(world.server.puts).toHaveLength(4);
    // Waits grow within a step (ticket and PUT are one step) and start over for the registration.
    expect(world.clock.sleeps).toEqual([750, 1500, 3000, 6000, 750]);
    expect(world.server.attachments).toHaveLength(1);
  });

  it("waits at least as long as the server's Retry-After asks", async () => {
    const { world, done } = await oneFileRunThrough((server) =>
      server.failures.put.push(new UploadError('transient', 'Storage is busy (HTTP 503).', 45_000)),
    );

    expect(done.state).toBe('attached');
    expect(world.clock.sleeps).toEqual([45_000]);
  });

  it("holds every file's next step while the server's Retry-After runs, not only the file it answered", async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    // Waits last until the test ends: what waits, and why, is all there is to see.
    const queue = world.makeQueue({
      clock: {
        now: () => Date.now(),
        sleep: (_ms, signal) =>
          new Promise<void>((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
          ),
      },
    });
    const [told, other] = queue.add([file('a.pdf', 10), file('b.pdf', 10)], PART).added;
    await vi.waitFor(() => expect(world.server.gates.put.held).toBe(2));
    world.server.failures.put.push(new UploadError('transient', 'Storage is busy (HTTP 429).', 60_000));
    world.server.gates.put.release();

    await until(queue, told!.id, (e) => e.waiting === 'retry');
    // The other file's PUT went through, but its registration waits for the time the server asked.
    expect(await until(queue, other!.id, (e) => e.waiting === 'retry')).toMatchObject({
      state: 'registering',
      reason: expect.stringMatching(/server is busy/i),
    });
    expect(world.server.registerCalls).toEqual([]);
  });

  it('gives up after the bounded number of retries and says why', async () => {
    const policy = { baseMs: 10, maxMs: 40, maxRetries: 3 };
    const { world, done } = await oneFileRunThrough(
      (server) => {
        for (let i = 0; i < 10; i += 1) server.failures.put.push(new UploadError('transient', 'HTTP 500'));
      },
      { backoff: policy },
    );

    expect(done).toMatchObject({ state: 'failed', reason: 'HTTP 500' });
    expect(world.server.puts).toHaveLength(4);
    expect(world.clock.sleeps).toEqual([7.5, 15, 30]);
  });

  it('waits for the network while offline, says so, and continues when it is back', async () => {
    const world = createQueueWorld();
    world.connectivity.online = false;
    const { queue, entry } = world.addOneFile();

    await until(queue, entry.id, (e) => e.waiting === 'network');
    expect(world.server.ticketRequests).toHaveLength(0);
    world.connectivity.goOnline();
    expect((await until(queue, entry.id, finished)).state).toBe('attached');
    expect(entryOf(queue, entry.id).waiting).toBeUndefined();
  });

  it('treats a failure while the browser went offline as waiting, not as a spent retry', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    world.server.gates.put.close();
    const [entry] = queue.add([file('a.pdf', 10)], PART).added;
    await until(queue, entry!.id, (e) => e.state === 'uploading');
    world.connectivity.online = false;
    world.server.failures.put.push(new UploadError('transient', 'lost'));
    world.server.gates.put.release();

    await until(queue, entry!.id, (e) => e.waiting === 'network');
    expect(world.clock.sleeps).toHaveLength(0);
    world.connectivity.goOnline();
    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
  });

  it('waits for sign-in when the session cannot be renewed, then resumes', async () => {
    const world = createQueueWorld();
    world.server.failures.register.push(new UploadError('sign-in', 'Your session has ended.'));
    const { queue, entry } = world.addOneFile();

    await until(queue, entry.id, (e) => e.waiting === 'sign-in');
    world.session.signIn();
    expect((await until(queue, entry.id, finished)).state).toBe('attached');
    expect(world.server.attachments).toHaveLength(1);
  });

  it('uses the MD5 of the file when the ETag header cannot be read', async () => {
    const world = createQueueWorld();
    world.server.hideEtag = true;
    const md5 = vi.fn(world.server.md5);
    const queue = world.makeQueue({ md5 });
    const [entry] = queue.add([file('a.pdf', 77)], PART).added;

    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(md5).toHaveBeenCalledTimes(1);
    expect(world.server.registerCalls[0]!.s3Etag).toBe(FakeServer.etagOf(new Blob([new Uint8Array(77)])));
  });

  it('uploads once more with a fresh ticket after an ETag mismatch', async () => {
    const { world, done } = await oneFileRunThrough((server) => (server.corruptObjects = 1));

    expect(done.state).toBe('attached');
    expect(world.server.ticketRequests).toHaveLength(2);
    expect(world.server.attachments.map((a) => a.s3Key)).toEqual(['uploads/2/a.pdf']);
  });

  it('fails with the reason after a second ETag mismatch', async () => {
    const { world, done } = await oneFileRunThrough((server) => (server.corruptObjects = 2));

    expect(done).toMatchObject({ state: 'failed', reason: expect.stringMatching(/ETag does not match/) });
    expect(world.server.attachments).toHaveLength(0);
  });

  it('fails at once, without retrying, when permission is denied, and refuses a manual retry', async () => {
    const world = createQueueWorld();
    const events: UploadEvent[] = [];
    world.server.failures.register.push(
      new UploadError('forbidden', 'You do not have permission to do this.'),
    );
    const queue = world.makeQueue();
    queue.onEvents((batch) => events.push(...batch));
    const [entry] = queue.add([file('a.pdf', 10)], PART).added;

    const done = await until(queue, entry!.id, finished);
    expect(done).toMatchObject({
      state: 'failed',
      reason: 'You do not have permission to do this.',
      refusedPermission: true,
    });
    expect(world.server.registerCalls).toHaveLength(1);
    expect(world.clock.sleeps).toHaveLength(0);
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(['failed']));
    queue.retry(entry!.id);
    expect(queue.getSnapshot().find((e) => e.id === entry!.id)).toMatchObject({ state: 'failed' });
    expect(world.server.registerCalls).toHaveLength(1);
  });

  it('fails at once for an unknown record when asking for a ticket', async () => {
    const { world, done } = await oneFileRunThrough((server) =>
      server.failures.ticket.push(new UploadError('permanent', 'That record was not found.')),
    );

    expect(done).toMatchObject({ state: 'failed' });
    expect(world.server.ticketRequests).toHaveLength(1);
  });
});

describe('UploadQueue: what may be done to a file when', () => {
  const statesAllowing = (action: Parameters<typeof allows>[1]) =>
    (Object.keys(TRANSITIONS) as UploadState[]).filter((state) => allows(state, action));

  it('stops, holds or swaps a file only before it is being registered', () => {
    const beforeRegistering = ['queued', 'ticket', 'uploading'];
    expect(statesAllowing('cancel')).toEqual(beforeRegistering);
    expect(statesAllowing('hold-for-markup')).toEqual(beforeRegistering);
    expect(statesAllowing('send-original')).toEqual([...beforeRegistering, 'failed', 'cancelled']);
    expect(statesAllowing('retry')).toEqual(['failed', 'cancelled']);
    expect(statesAllowing('remove')).toEqual(['attached', 'failed', 'cancelled']);
  });

  it('offers "Send original" exactly where the queue would send it', async () => {
    const world = createQueueWorld();
    world.server.gates.register.close();
    const queue = world.makeQueue({
      prepare: async () => ({ file: new Blob([new Uint8Array(5)]), filename: 'a.jpg', type: 'image/jpeg' }),
    });
    const [entry] = queue.add([file('a.jpg', 50, 'image/jpeg')], PART).added;
    const registering = await until(queue, entry!.id, (e) => e.state === 'registering');
    expect(registering.originalKept).toBe(true);
    expect(canSendOriginal(registering)).toBe(false);

    queue.sendOriginal(entry!.id);
    world.server.gates.register.release();
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached', size: 5 });
  });
});
