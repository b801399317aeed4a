import { describe, expect, it } from 'vitest';
import { UploadError } from './uploadErrors.ts';
import { createQueueWorld, file, finished, PART, until } from '../test/uploadQueue.ts';
import type { UploadTarget } from './types.ts';

/** A run step reached by id while offline: its entity id is not known yet. */
const UNVISITED: UploadTarget = { entityId: null, label: 'Run step 7', record: { kind: 'runStep', id: 7 } };

describe('UploadQueue: files for a record known only by kind and id', () => {
  it('waits for the network, learns the entity id, and attaches once on that entity', async () => {
    const world = createQueueWorld();
    world.connectivity.online = false;
    const queue = world.makeQueue();
    const [entry] = queue.add([file('offline.jpg')], UNVISITED).added;
    await until(queue, entry!.id, (e) => e.waiting === 'network');
    expect(world.server.resolved).toEqual([]);
    expect(world.server.ticketRequests).toEqual([]);

    world.connectivity.goOnline();
    const done = await until(queue, entry!.id, finished);
    expect(done).toMatchObject({ state: 'attached', target: { entityId: 507 } });
    expect(world.server.resolved).toEqual(['runStep:7']);
    expect(world.server.attachments).toEqual([expect.objectContaining({ entityId: 507 })]);
  });

  it('keeps the learned entity id with the stored file, so a reload does not ask again', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.jpg')], UNVISITED).added;
    await until(queue, entry!.id, (e) => e.state === 'uploading');
    expect(world.store.rows.get(entry!.id)?.target.entityId).toBe(507);
  });

  it('an id that does not exist fails the file with words and a move; nothing is uploaded or attached', async () => {
    const world = createQueueWorld();
    world.server.missingRecords.add('runStep:7');
    const queue = world.makeQueue();
    const [entry] = queue.add([file('lost.jpg')], UNVISITED).added;
    const failed = await until(queue, entry!.id, finished);
    expect(failed).toMatchObject({ state: 'failed', noSuchRecord: true, reason: 'Record 7 does not exist.' });
    expect(world.server.ticketRequests).toEqual([]);
    expect(world.server.attachments).toEqual([]);

    // Retrying cannot help; moving it to a record that exists sends it there, once.
    queue.retry(entry!.id);
    expect(queue.getSnapshot()[0]?.state).toBe('failed');
    expect(queue.moveTo(entry!.id, PART)).toBeNull();
    const attached = await until(queue, entry!.id, (e) => e.state === 'attached');
    expect(attached.noSuchRecord).toBeUndefined();
    expect(world.server.attachments).toEqual([expect.objectContaining({ entityId: 501 })]);
    expect(world.server.registerCalls).toHaveLength(1);
  });

  it('moving to another unvisited record resolves that one', async () => {
    const world = createQueueWorld();
    world.server.missingRecords.add('runStep:7');
    const queue = world.makeQueue();
    const [entry] = queue.add([file('lost.jpg')], UNVISITED).added;
    await until(queue, entry!.id, finished);
    queue.moveTo(entry!.id, { entityId: null, label: 'Run step 8', record: { kind: 'runStep', id: 8 } });
    const attached = await until(queue, entry!.id, (e) => e.state === 'attached');
    expect(attached.target).toMatchObject({ entityId: 508, record: { kind: 'runStep', id: 8 } });
  });

  it('a file whose registration may have reached the server is never moved', async () => {
    const world = createQueueWorld();
    world.server.failures.register.push(new UploadError('permanent', 'Refused.'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.jpg')], PART).added;
    await until(queue, entry!.id, finished);
    expect(queue.moveTo(entry!.id, UNVISITED)).toBe('This file may already be attached where it was sent.');
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'failed', target: PART });
  });

  it('a lookup cut off by the network is tried again, not failed', async () => {
    const world = createQueueWorld();
    world.server.failures.resolve.push(new UploadError('transient', 'Cannot reach the server.'));
    const queue = world.makeQueue();
    const [entry] = queue.add([file('a.jpg')], UNVISITED).added;
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.resolved).toEqual(['runStep:7', 'runStep:7']);
  });
});
