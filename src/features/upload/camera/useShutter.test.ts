import { describe, expect, it, vi } from 'vitest';
import { createQueueWorld, TAYLOR, VIC } from '../../../test/uploadQueue.ts';
import { PendingShots } from './pendingShots.ts';
import { develop } from './useShutter.ts';

const step = { entityId: 9, label: 'Run step 3', record: { kind: 'runStep' as const, id: 3 } };
const jpeg = () =>
  Promise.resolve(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }));

function pressed() {
  const store = new PendingShots();
  const shot = store.add({ filename: 'photo-2026-11-28-0100-00-1.jpg', target: step, thumbnail: null });
  return { store, shot };
}

describe('develop: a pending shot becoming a photo in the queue', () => {
  it('queues the JPEG under the name decided at the tap; the shot leaves with the queue announcing the file', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    const { store, shot } = pressed();
    const tell = { onQueued: vi.fn(), onFailed: vi.fn() };
    // What a list renders after each announcement (React renders the listeners' updates in one go, in
    // a microtask): the shot and the file are never both there, never both missing.
    const seen: [boolean, boolean][] = [];
    queue.subscribe(() =>
      queueMicrotask(() =>
        seen.push([
          store.has(shot.id),
          queue.getSnapshot().some((entry) => entry.filename === shot.filename),
        ]),
      ),
    );

    await develop(shot, jpeg, queue, store, tell);

    expect(tell.onQueued).toHaveBeenCalledWith(
      expect.objectContaining({
        filename: 'photo-2026-11-28-0100-00-1.jpg',
        type: 'image/jpeg',
        target: step,
      }),
    );
    expect(tell.onFailed).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(store.has(shot.id)).toBe(false));
    expect(seen[0]).toEqual([false, true]);
    expect(queue.getSnapshot().filter((entry) => entry.filename === shot.filename)).toHaveLength(1);
    world.server.gates.put.release();
  });

  it('a photo whose taker signed out (and another signed in) before its JPEG existed is kept for the taker, not sent as the other', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const store = new PendingShots();
    const shot = store.add({ filename: 'photo-1.jpg', target: step, thumbnail: null, owner: TAYLOR });
    const tell = { onQueued: vi.fn(), onFailed: vi.fn() };
    world.person.signedIn = VIC;

    await develop(shot, jpeg, queue, store, tell);

    const [entry] = tell.onQueued.mock.calls[0]!;
    expect(entry).toMatchObject({ filename: 'photo-1.jpg', person: TAYLOR });
    await queue.whenKept(entry.id);
    expect(queue.storedOnDevice(entry.id)).toBe(true);
    // Not in Vic's list, never sent from Vic's page.
    expect(queue.getSnapshot()).toEqual([]);
    expect(world.server.ticketRequests).toEqual([]);
  });

  it('queues nothing for a shot removed while its photo was being taken', async () => {
    const queue = createQueueWorld().makeQueue();
    const { store, shot } = pressed();
    const tell = { onQueued: vi.fn(), onFailed: vi.fn() };
    let handOver: (jpeg: Blob) => void = () => {};
    const taking = develop(
      shot,
      () => new Promise<Blob>((resolve) => (handOver = resolve)),
      queue,
      store,
      tell,
    );
    store.remove(shot.id);
    handOver(await jpeg());
    await taking;
    expect(queue.getSnapshot()).toHaveLength(0);
    expect(tell.onQueued).not.toHaveBeenCalled();
    expect(tell.onFailed).not.toHaveBeenCalled();
  });

  it('shows a failed still in words on the shot, and queues nothing', async () => {
    const queue = createQueueWorld().makeQueue();
    const { store, shot } = pressed();
    const tell = { onQueued: vi.fn(), onFailed: vi.fn() };
    await develop(shot, () => Promise.reject(new Error('NotReadableError')), queue, store, tell);
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({
        state: 'failed',
        reason: 'The photo could not be kept for sending. Try again.',
      }),
    ]);
    expect(tell.onFailed).toHaveBeenCalledWith('The photo could not be kept for sending. Try again.');
    expect(queue.getSnapshot()).toHaveLength(0);
  });

  it("shows the queue's refusal on the shot", async () => {
    const { store, shot } = pressed();
    const tell = { onQueued: vi.fn(), onFailed: vi.fn() };
    const queue = {
      add: () => ({ added: [], refused: [{ filename: shot.filename, reason: 'This device is full.' }] }),
      subscribe: () => () => {},
    };
    await develop(shot, jpeg, queue as never, store, tell);
    expect(store.getSnapshot()[0]).toMatchObject({ state: 'failed', reason: 'This device is full.' });
    expect(tell.onFailed).toHaveBeenCalledWith('This device is full.');
  });
});
