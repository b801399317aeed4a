import { describe, expect, it, vi } from 'vitest';
import { UploadError } from './uploadErrors.ts';
import { defaultRetryPolicy, PUT_STALL_MS, type UploadEvent, type UploadQueue } from './uploadQueue.ts';
import { createQueueWorld, FakeConnectivity, FakeServer, TAYLOR, VIC } from './uploadQueue.testkit.ts';
import type { UploadEntry, UploadTarget } from './types.ts';

const part: UploadTarget = { entityId: 501, label: 'Part BRKT-001', record: { kind: 'part', id: 1 } };

function file(name: string, size = 10, type = ''): File {
  return new File([new Uint8Array(size)], name, { type });
}

function entryOf(queue: UploadQueue, id: string): UploadEntry {
  const entry = queue.getSnapshot().find((e) => e.id === id);
  if (!entry) throw new Error(`no entry ${id}`);
  return entry;
}

async function until(
  queue: UploadQueue,
  id: string,
  check: (entry: UploadEntry) => boolean,
): Promise<UploadEntry> {
  return vi.waitFor(() => {
    const entry = entryOf(queue, id);
    if (!check(entry)) throw new Error(`entry is ${entry.state}/${entry.waiting ?? ''}`);
    return entry;
  });
}

const finished = (entry: UploadEntry) => ['attached', 'failed', 'cancelled'].includes(entry.state);

describe('UploadQueue: the way through', () => {
  it('moves a file through ticket, uploading and registering to attached', async () => {
    const world = createQueueWorld();
    const { gates } = world.server;
    gates.ticket.close();
    gates.put.close();
    gates.register.close();
    const queue = world.makeQueue();

    const [entry] = queue.add([file('report.pdf', 1000, 'application/pdf')], part).added;
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
    const [entry] = queue.add([photo], part).added;
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
    const [entry] = queue.add([file('Prüfbericht 測定 ✓.pdf', 10, 'application/pdf')], part).added;
    await until(queue, entry!.id, finished);

    expect(world.server.registerCalls[0]).toMatchObject({
      filename: 'Prüfbericht 測定 ✓.pdf',
      entityId: 501,
    });
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(['attached']));
  });

  it('uploads empty files', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('empty.txt', 0, 'text/plain')], part).added;
    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
  });

  it('refuses files over the size limit before anything is sent', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue({ maxUploadBytes: () => 100 });
    const result = queue.add([file('big.bin', 101), file('ok.bin', 100)], part);

    expect(result.refused).toEqual([
      { filename: 'big.bin', reason: expect.stringMatching(/larger than the 100 B limit/i) },
    ]);
    expect(result.added.map((e) => e.filename)).toEqual(['ok.bin']);
    await until(queue, result.added[0]!.id, finished);
    expect(world.server.ticketRequests).toEqual(['ok.bin']);
  });
});

describe('UploadQueue: a more specific filename for the ticket', () => {
  it('asks again with the known type extension when the ticket type is generic, keeping the name', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('image', 10, 'image/jpeg')], part).added;
    await until(queue, entry!.id, finished);

    expect(world.server.ticketRequests).toEqual(['image', 'image.jpg']);
    expect(world.server.puts[0]!.contentType).toBe('image/jpeg');
    expect(world.server.registerCalls[0]).toMatchObject({ filename: 'image', s3Key: 'uploads/2/image.jpg' });
  });

  it('does not ask again when the browser does not know the type either', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('measurements.dat', 10, '')], part).added;
    await until(queue, entry!.id, finished);

    expect(world.server.ticketRequests).toEqual(['measurements.dat']);
    expect(world.server.puts[0]!.contentType).toBe('application/octet-stream');
  });
});

describe('UploadQueue: failures', () => {
  it('gets a new ticket once when storage refuses the URL (403), then succeeds', async () => {
    const world = createQueueWorld();
    world.server.failures.put.push(new UploadError('url-rejected', 'expired'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(world.server.ticketRequests).toHaveLength(2);
    expect(new Set(world.server.puts.map((p) => p.url)).size).toBe(2);
  });

  it('fails with the reason when storage refuses the new URL too', async () => {
    const world = createQueueWorld();
    world.server.failures.put.push(
      new UploadError('url-rejected', 'expired'),
      new UploadError('url-rejected', 'Storage refused the upload address (expired or invalid).'),
    );
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    const done = await until(queue, entry!.id, finished);
    expect(done).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/refused the upload address/),
    });
    expect(world.server.registerCalls).toHaveLength(0);
  });

  it('retries network errors, 5xx and 429 with growing, jittered, bounded waits', async () => {
    const world = createQueueWorld();
    world.server.failures.put.push(
      new UploadError('transient', 'The connection to storage was lost.'),
      new UploadError('transient', 'HTTP 500'),
      new UploadError('transient', 'HTTP 429'),
    );
    world.server.failures.ticket.push(new UploadError('transient', 'HTTP 503'));
    world.server.failures.register.push(new UploadError('transient', 'HTTP 502'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(world.server.puts).toHaveLength(4);
    // Waits grow within a step (ticket and PUT are one step) and start over for the registration.
    expect(world.clock.sleeps).toEqual([750, 1500, 3000, 6000, 750]);
    expect(world.server.attachments).toHaveLength(1);
  });

  it("waits at least as long as the server's Retry-After asks", async () => {
    const world = createQueueWorld();
    world.server.failures.put.push(new UploadError('transient', 'Storage is busy (HTTP 503).', 45_000));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(world.clock.sleeps).toEqual([45_000]);
  });

  it('gives up after the bounded number of retries and says why', async () => {
    const world = createQueueWorld();
    const policy = { baseMs: 10, maxMs: 40, maxRetries: 3 };
    for (let i = 0; i < 10; i += 1) world.server.failures.put.push(new UploadError('transient', 'HTTP 500'));
    const queue = world.makeQueue({ backoff: policy });
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    const done = await until(queue, entry!.id, finished);
    expect(done).toMatchObject({ state: 'failed', reason: 'HTTP 500' });
    expect(world.server.puts).toHaveLength(4);
    expect(world.clock.sleeps).toEqual([7.5, 15, 30]);
  });

  it('waits for the network while offline, says so, and continues when it is back', async () => {
    const world = createQueueWorld();
    world.connectivity.online = false;
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    await until(queue, entry!.id, (e) => e.waiting === 'network');
    expect(world.server.ticketRequests).toHaveLength(0);
    world.connectivity.goOnline();
    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(entryOf(queue, entry!.id).waiting).toBeUndefined();
  });

  it('treats a failure while the browser went offline as waiting, not as a spent retry', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    world.server.gates.put.close();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;
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
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    await until(queue, entry!.id, (e) => e.waiting === 'sign-in');
    world.session.signIn();
    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(world.server.attachments).toHaveLength(1);
  });

  it('uses the MD5 of the file when the ETag header cannot be read', async () => {
    const world = createQueueWorld();
    world.server.hideEtag = true;
    const md5 = vi.fn(world.server.md5);
    const queue = world.makeQueue({ md5 });
    const [entry] = queue.add([file('a.pdf', 77)], part).added;

    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(md5).toHaveBeenCalledTimes(1);
    expect(world.server.registerCalls[0]!.s3Etag).toBe(FakeServer.etagOf(new Blob([new Uint8Array(77)])));
  });

  it('uploads once more with a fresh ticket after an ETag mismatch', async () => {
    const world = createQueueWorld();
    world.server.corruptObjects = 1;
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(world.server.ticketRequests).toHaveLength(2);
    expect(world.server.attachments.map((a) => a.s3Key)).toEqual(['uploads/2/a.pdf']);
  });

  it('fails with the reason after a second ETag mismatch', async () => {
    const world = createQueueWorld();
    world.server.corruptObjects = 2;
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    const done = await until(queue, entry!.id, finished);
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
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

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
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('permanent', 'That record was not found.'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'failed' });
    expect(world.server.ticketRequests).toHaveLength(1);
  });
});

describe('UploadQueue: exactly once', () => {
  it('looks for the s3Key before registering again when the answer was lost', async () => {
    const world = createQueueWorld();
    world.server.loseRegisterAnswers = 1;
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    const done = await until(queue, entry!.id, finished);
    expect(done).toMatchObject({ state: 'attached', attachmentId: 100 });
    expect(world.server.registerCalls).toHaveLength(1);
    expect(world.server.lookups).toEqual(['uploads/1/a.pdf']);
    expect(world.server.attachments).toHaveLength(1);
  });

  it('registers again after a lost request that never arrived', async () => {
    const world = createQueueWorld();
    world.server.failures.register.push(new UploadError('transient', 'HTTP 502'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;

    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(world.server.lookups).toHaveLength(1);
    expect(world.server.registerCalls).toHaveLength(2);
    expect(world.server.attachments).toHaveLength(1);
  });

  it('starts a failed file once however often retry is clicked', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('permanent', 'nope'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;
    await until(queue, entry!.id, (e) => e.state === 'failed');

    queue.retry(entry!.id);
    queue.retry(entry!.id);
    queue.retry(entry!.id);
    await until(queue, entry!.id, (e) => e.state !== 'failed');
    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
    expect(world.server.ticketRequests).toHaveLength(2);
    expect(world.server.attachments).toHaveLength(1);
  });

  it('retrying a file whose registration failed looks it up and does not upload again', async () => {
    const world = createQueueWorld();
    world.server.loseRegisterAnswers = 1;
    const queue = world.makeQueue({ backoff: { ...defaultRetryPolicy, maxRetries: 0 } });
    const [entry] = queue.add([file('a.pdf', 10)], part).added;
    await until(queue, entry!.id, (e) => e.state === 'failed');

    queue.retry(entry!.id);
    await until(queue, entry!.id, (e) => e.state !== 'failed');
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached', attachmentId: 100 });
    expect(world.server.puts).toHaveLength(1);
    expect(world.server.attachments).toHaveLength(1);
  });

  it('resumes after a reload in the middle of an upload and attaches once', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const before = world.makeQueue();
    const [entry] = before.add([file('video.mp4', 5000, 'video/mp4')], part).added;
    await until(before, entry!.id, (e) => e.state === 'uploading');
    await vi.waitFor(() => expect(world.store.rows.get(entry!.id)).toBeDefined());

    // The page goes away: its PUT never completes.
    world.server.gates.put.drop();
    world.pages.close('page-1');
    const after = world.makeQueue();
    await after.restore();

    const done = await until(after, entry!.id, (e) => e.state === 'attached' || e.state === 'failed');
    expect(done).toMatchObject({ state: 'attached', filename: 'video.mp4', target: part });
    expect(world.server.attachments.filter((a) => a.filename === 'video.mp4')).toHaveLength(1);
    await vi.waitFor(() => expect(world.store.rows.size).toBe(0));
  });

  it('a page that stops after the upload, before registering, leaves the key: the next registers it once', async () => {
    const world = createQueueWorld();
    // The first page loses the network as its PUT ends, and is closed while it waits to register.
    const firstPageNetwork = new FakeConnectivity();
    const before = world.makeQueue({ connectivity: firstPageNetwork });
    world.server.gates.put.close();
    const [entry] = before.add([file('a.pdf', 10)], part).added;
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
    const [entry] = before.add([file('a.pdf', 10)], part).added;
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

describe('UploadQueue: files belong to the person who dropped them', () => {
  /** Taylor drops two files with storage stalled, then the page is closed. */
  async function taylorLeavesTwoFiles() {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const first = world.makeQueue();
    const { added } = first.add([file('a.jpg'), file('b.jpg')], part);
    expect(added.map((entry) => entry.person)).toEqual([TAYLOR, TAYLOR]);
    await until(first, added[1]!.id, (e) => e.state === 'uploading');
    world.server.gates.put.drop();
    world.pages.close('page-1');
    const requestsBefore = world.server.ticketRequests.length;
    return { world, ids: added.map((entry) => entry.id), requestsBefore };
  }

  it("another person's page sends none of them and says whose they are", async () => {
    const { world, requestsBefore } = await taylorLeavesTwoFiles();
    world.person.signedIn = VIC;
    const vics = world.makeQueue();
    await vics.restore();

    await vi.waitFor(() =>
      expect(vics.getLeftByOthers()).toEqual([
        expect.objectContaining({ name: 'Taylor Technician', count: 2 }),
      ]),
    );
    expect(vics.getSnapshot()).toEqual([]);
    expect(world.server.ticketRequests).toHaveLength(requestsBefore);
    expect(world.server.registerCalls).toEqual([]);
    expect(world.store.rows.size).toBe(2);
  });

  it('the owner signing in again sends them, once, as the owner', async () => {
    const { world, ids } = await taylorLeavesTwoFiles();
    world.person.signedIn = VIC;
    const vics = world.makeQueue();
    await vics.restore();
    world.pages.close('page-2');

    world.person.signedIn = TAYLOR;
    const taylors = world.makeQueue();
    await taylors.restore();
    for (const id of ids)
      expect(await until(taylors, id, finished)).toMatchObject({ state: 'attached', person: TAYLOR });
    expect(world.server.attachments).toHaveLength(2);
    expect(taylors.getLeftByOthers()).toEqual([]);
  });

  it("discarding another person's files (after they confirmed) removes the stored copies", async () => {
    const { world } = await taylorLeavesTwoFiles();
    world.person.signedIn = VIC;
    const vics = world.makeQueue();
    await vics.restore();
    const [left] = await vi.waitFor(() => {
      const summary = vics.getLeftByOthers();
      if (summary.length === 0) throw new Error('nothing left by others yet');
      return summary;
    });

    await vics.discardLeftBy(left!.key);
    expect(world.store.rows.size).toBe(0);
    await vi.waitFor(() => expect(vics.getLeftByOthers()).toEqual([]));
    expect(world.server.registerCalls).toEqual([]);
  });

  it('files stored without a person are never sent by whoever is signed in', async () => {
    const world = createQueueWorld();
    const { person: _person, ...withoutPerson } = {
      id: 'old-1',
      file: file('old.jpg'),
      filename: 'old.jpg',
      size: 10,
      type: '',
      target: part,
      person: TAYLOR,
      state: 'queued' as const,
      createdAt: 1,
      registerSent: false,
      owner: 'gone-page',
    };
    await world.store.saveAll([withoutPerson as never]);
    const queue = world.makeQueue();
    await queue.restore();
    await vi.waitFor(() =>
      expect(queue.getLeftByOthers()).toEqual([
        expect.objectContaining({ name: 'an earlier user', count: 1 }),
      ]),
    );
    expect(world.server.ticketRequests).toEqual([]);
  });

  it('restores nothing while nobody is signed in, and sorts the files once someone is', async () => {
    const { world, ids } = await taylorLeavesTwoFiles();
    world.person.signedIn = null;
    const queue = world.makeQueue();
    await queue.restore();
    expect(queue.getLeftByOthers()).toEqual([]);
    expect(queue.getSnapshot()).toEqual([]);

    world.person.signedIn = TAYLOR;
    await queue.restore();
    await queue.restore();
    for (const id of ids) expect(await until(queue, id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.attachments).toHaveLength(2);
  });

  it('refuses files while nobody is signed in', () => {
    const world = createQueueWorld();
    world.person.signedIn = null;
    const queue = world.makeQueue();
    const { added, refused } = queue.add([file('a.jpg')], part);
    expect(added).toEqual([]);
    expect(refused).toEqual([{ filename: 'a.jpg', reason: 'Sign in to attach files.' }]);
  });

  it('a file whose owner is no longer the signed-in person stops before its next step', async () => {
    const world = createQueueWorld();
    world.server.gates.ticket.close();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.jpg')], part).added;
    await vi.waitFor(() => expect(world.server.gates.ticket.held).toBe(1));
    world.person.signedIn = VIC;
    world.server.failures.ticket.push(new UploadError('transient', 'The connection was lost.'));
    world.server.gates.ticket.release();

    await vi.waitFor(() =>
      expect(queue.getLeftByOthers()).toEqual([
        expect.objectContaining({ name: 'Taylor Technician', count: 1 }),
      ]),
    );
    expect(queue.getSnapshot().find((e) => e.id === entry!.id)).toBeUndefined();
    expect(world.server.ticketRequests).toHaveLength(1);
    expect(world.server.puts).toEqual([]);
  });

  it('a session ended by token expiry keeps the files for the same person', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('sign-in', 'Your session has ended.'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.jpg')], part).added;
    await until(queue, entry!.id, (e) => e.waiting === 'sign-in');
    world.session.signIn();
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached', person: TAYLOR });
  });
});

describe('UploadQueue: trying again at once when things look better', () => {
  /** A backoff wait that would last until the test ends, unless cut short. */
  const endlessClock = () => ({
    now: () => Date.now(),
    sleep: (_ms: number, signal: AbortSignal) =>
      new Promise<void>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  });

  it('a retry wait ends when the network comes back or the page is shown again', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('transient', 'The server is busy.'));
    const queue = world.makeQueue({ clock: endlessClock() });
    const [entry] = queue.add([file('a.jpg')], part).added;
    await until(queue, entry!.id, (e) => e.waiting === 'retry');

    world.resume.fire();
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
  });

  it('a wait for sign-in tries again when the page is shown again', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('sign-in', 'Your session has ended.'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.jpg')], part).added;
    await until(queue, entry!.id, (e) => e.waiting === 'sign-in');

    world.resume.fire();
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
  });

  it('cancelling during a retry wait still cancels', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('transient', 'The server is busy.'));
    const queue = world.makeQueue({ clock: endlessClock() });
    const [entry] = queue.add([file('a.jpg')], part).added;
    await until(queue, entry!.id, (e) => e.waiting === 'retry');
    queue.cancel(entry!.id);
    world.resume.fire();
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'cancelled' });
    expect(world.server.ticketRequests).toHaveLength(1);
  });
});

describe('UploadQueue: several tabs', () => {
  it('leaves uploads of another open tab to it, and takes them over once that tab is closed', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const first = world.makeQueue();
    const [entry] = first.add([file('a.pdf', 10)], part).added;
    await until(first, entry!.id, (e) => e.state === 'uploading');
    await vi.waitFor(() => expect(world.store.rows.get(entry!.id)?.owner).toBe('page-1'));

    const second = world.makeQueue();
    await second.restore();
    expect(second.getSnapshot()).toHaveLength(0);

    world.server.gates.put.drop();
    world.pages.close('page-1');
    const third = world.makeQueue();
    await third.restore();
    expect(await until(third, entry!.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.attachments).toHaveLength(1);
  });
});

describe('UploadQueue: cancel, remove, persistence, load', () => {
  it('cancel aborts the PUT and creates nothing', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;
    await until(queue, entry!.id, (e) => e.state === 'uploading');

    queue.cancel(entry!.id);
    expect(world.server.puts[0]!.signal.aborted).toBe(true);
    world.server.gates.put.release();
    expect((await until(queue, entry!.id, finished)).state).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(entryOf(queue, entry!.id).state).toBe('cancelled');
    expect(world.server.registerCalls).toHaveLength(0);
    await vi.waitFor(() => expect(world.store.rows.size).toBe(0));
  });

  it('cannot cancel a file that is being registered', async () => {
    const world = createQueueWorld();
    world.server.gates.register.close();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.pdf', 10)], part).added;
    await until(queue, entry!.id, (e) => e.state === 'registering');

    queue.cancel(entry!.id);
    world.server.gates.register.release();
    expect((await until(queue, entry!.id, finished)).state).toBe('attached');
  });

  it('keeps failed files across a reload and clears attached ones', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('permanent', 'nope'));
    const queue = world.makeQueue();
    const [bad, good] = queue.add([file('bad.pdf', 10), file('good.pdf', 10)], part).added;
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

  it('forgets everything, stored copies included, when the technician signs out', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    const { added } = queue.add(
      [file('a.pdf', 10), file('b.pdf', 10), file('c.pdf', 10), file('d.pdf', 10)],
      part,
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
      part,
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
      part,
    );
    await vi.waitFor(() => expect(queue.getSnapshot()).toHaveLength(500));
    expect(listener.mock.calls.length).toBeLessThanOrEqual(2);
    for (const entry of added) queue.cancel(entry.id);
  });
});
