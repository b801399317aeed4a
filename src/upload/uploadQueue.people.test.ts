import { describe, expect, it, vi } from 'vitest';
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { UploadError } from './uploadErrors.ts';
import { classifyApiError } from './apolloUploadApi.ts';
import {
  createQueueWorld,
  file,
  finished,
  PART,
  TAYLOR,
  taylorLeavesAFileForVic,
  until,
  VIC,
} from '../test/uploadQueue.ts';

/** What the app's Apollo client rejects a query with when its store is reset while it waits. */
async function storeResetFailure(): Promise<Error> {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new ApolloLink(() => new Observable(() => {})),
  });
  const pending = client.query({ query: gql('query Waiting { me { id } }'), fetchPolicy: 'network-only' });
  await client.clearStore();
  return pending.then(
    () => new Error('not reset'),
    (reason: unknown) => classifyApiError(reason),
  );
}

const TAYLOR_COLLEAGUE = { ...TAYLOR, subject: '3', name: 'Sam Second' };

/**
 * A page opened now restores the queue and lists one file left by `name` as someone else's, sending
 * nothing of it.
 */
async function restoresLeftBy(world: ReturnType<typeof createQueueWorld>, name: string) {
  const queue = world.makeQueue();
  await queue.restore();
  await vi.waitFor(() =>
    expect(queue.getLeftByOthers()).toEqual([expect.objectContaining({ name, count: 1 })]),
  );
  expect(world.server.ticketRequests).toEqual([]);
}

describe('UploadQueue: files belong to the person who dropped them', () => {
  /** Taylor drops two files with storage stalled, then the page is closed. */
  async function taylorLeavesTwoFiles() {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const first = world.makeQueue();
    const { added } = first.add([file('a.jpg'), file('b.jpg')], PART);
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
    const vics = world.makeQueue({ keptFilesAdmin: () => true });
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
      target: PART,
      person: TAYLOR,
      state: 'queued' as const,
      createdAt: 1,
      registerSent: false,
      owner: 'gone-page',
    };
    await world.store.saveAll([withoutPerson as never]);
    await restoresLeftBy(world, 'an earlier user');
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
    const { added, refused } = queue.add([file('a.jpg')], PART);
    expect(added).toEqual([]);
    expect(refused).toEqual([{ filename: 'a.jpg', reason: 'Sign in to attach files.' }]);
  });

  it('a file whose owner is no longer the signed-in person stops before its next step', async () => {
    const world = createQueueWorld();
    world.server.gates.ticket.close();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.jpg')], PART).added;
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

  it('a store reset at a sign-in handover never fails a kept file: it goes again, once, for its owner', async () => {
    const world = createQueueWorld();
    // More resets than retries allowed: a reset is not a failure of the file and is not counted.
    for (let i = 0; i < 8; i++) world.server.failures.register.push(await storeResetFailure());
    const queue = world.makeQueue({ backoff: { baseMs: 1, maxMs: 1, maxRetries: 1 } });
    const [entry] = queue.add([file('kept.jpg')], PART).added;
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached', person: TAYLOR });
    expect(world.server.attachments).toHaveLength(1);
  });

  it('a file cut off by a store reset at a sign-out waits for its owner instead of failing', async () => {
    const world = createQueueWorld();
    world.server.failures.register.push(await storeResetFailure());
    world.server.gates.register.close();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('kept.jpg')], PART).added;
    await vi.waitFor(() => expect(world.server.gates.register.held).toBe(1));
    world.person.signedIn = null;
    world.server.gates.register.release();
    expect(await until(queue, entry!.id, (e) => e.waiting === 'sign-in')).toMatchObject({
      state: 'registering',
    });
    world.person.signedIn = TAYLOR;
    world.session.signIn();
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.attachments).toHaveLength(1);
  });

  it('keepFor (a recording finished after its owner signed out) stores it for them alone, sent at their return', async () => {
    const world = createQueueWorld();
    world.person.signedIn = null;
    const ended = world.makeQueue();
    const entry = ended.keepFor(TAYLOR, file('clip.webm'), PART);
    await ended.whenKept(entry.id);
    expect(ended.storedOnDevice(entry.id)).toBe(true);
    // Not sent from the page whose session ended, and not listed there.
    expect(ended.getSnapshot()).toEqual([]);
    expect(world.server.ticketRequests).toEqual([]);
    world.pages.close('page-1');

    world.person.signedIn = VIC;
    await restoresLeftBy(world, 'Taylor Technician');
    world.pages.close('page-2');

    world.person.signedIn = TAYLOR;
    const taylors = world.makeQueue();
    await taylors.restore();
    expect(await until(taylors, entry.id, finished)).toMatchObject({ state: 'attached', person: TAYLOR });
    expect(world.server.attachments).toHaveLength(1);
  });

  it('a session ended by token expiry keeps the files for the same person', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('sign-in', 'Your session has ended.'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.jpg')], PART).added;
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

  it.each([
    ['a retry wait', new UploadError('transient', 'The server is busy.'), 'retry'],
    ['a wait for sign-in', new UploadError('sign-in', 'Your session has ended.'), 'sign-in'],
  ] as const)(
    '%s ends when the network comes back or the page is shown again',
    async (_, failure, waiting) => {
      const world = createQueueWorld();
      world.server.failures.ticket.push(failure);
      const queue = world.makeQueue({ clock: endlessClock() });
      const [entry] = queue.add([file('a.jpg')], PART).added;
      await until(queue, entry!.id, (e) => e.waiting === waiting);

      world.resume.fire();
      expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
    },
  );

  it('cancelling during a retry wait still cancels', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('transient', 'The server is busy.'));
    const queue = world.makeQueue({ clock: endlessClock() });
    const [entry] = queue.add([file('a.jpg')], PART).added;
    await until(queue, entry!.id, (e) => e.waiting === 'retry');
    queue.cancel(entry!.id);
    world.resume.fire();
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'cancelled' });
    expect(world.server.ticketRequests).toHaveLength(1);
  });
});

describe('UploadQueue: who may attach, and who may discard what others left', () => {
  it("remembers the server's refusal: the person's next files are refused at once, until they check again", async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('forbidden', 'You do not have permission to do this.'));
    const queue = world.makeQueue();
    expect(queue.mayAttach()).toBe(true);
    const [first] = queue.add([file('a.jpg')], PART).added;
    await until(queue, first!.id, finished);
    expect(queue.mayAttach()).toBe(false);

    // Another page of the same browser (sharing the refusals, as localStorage does) knows it too.
    const later = world.makeQueue();
    expect(later.mayAttach()).toBe(false);
    expect(later.add([file('b.jpg')], PART)).toEqual({
      added: [],
      refused: [{ filename: 'b.jpg', reason: expect.stringMatching(/do not have permission/) }],
    });
    expect(world.server.ticketRequests).toHaveLength(1);

    world.person.signedIn = TAYLOR_COLLEAGUE;
    expect(later.mayAttach()).toBe(true);
    world.person.signedIn = TAYLOR;
    later.checkAttachAgain();
    expect(later.mayAttach()).toBe(true);
    expect(later.add([file('c.jpg')], PART).added).toHaveLength(1);
  });

  it('a file the server refused is not shown to the next person as waiting for its owner', async () => {
    const world = createQueueWorld();
    world.person.signedIn = VIC;
    world.server.failures.ticket.push(new UploadError('forbidden', 'You do not have permission to do this.'));
    const vics = world.makeQueue();
    const [photo] = vics.add([file('photo.jpg')], PART).added;
    await until(vics, photo!.id, (e) => e.state === 'failed');
    await vi.waitFor(() => expect(world.store.rows.get(photo!.id)?.state).toBe('failed'));
    world.pages.close('page-1');

    world.person.signedIn = TAYLOR;
    const taylors = world.makeQueue();
    await taylors.restore();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(taylors.getLeftByOthers()).toEqual([]);
    expect(taylors.getSnapshot()).toEqual([]);

    // Its owner still sees it, as failed.
    world.pages.close('page-2');
    world.person.signedIn = VIC;
    const vicAgain = world.makeQueue();
    await vicAgain.restore();
    expect(await until(vicAgain, photo!.id, finished)).toMatchObject({
      state: 'failed',
      refusedPermission: true,
    });
  });

  it('only an administrator may discard what someone else left', async () => {
    const world = createQueueWorld();
    await taylorLeavesAFileForVic(world);
    const vics = world.makeQueue();
    await vics.restore();
    const [left] = await vi.waitFor(() => {
      const summary = vics.getLeftByOthers();
      if (summary.length === 0) throw new Error('nothing left by others yet');
      return summary;
    });

    expect(vics.mayDiscardLeftBy()).toBe(false);
    await expect(vics.discardLeftBy(left!.key)).rejects.toThrow(/Only an administrator/);
    expect(world.store.rows.size).toBe(1);
  });
});
