import { describe, expect, it, vi } from 'vitest';
import { createQueueWorld, PART, until } from '../test/uploadQueue.ts';
import type { MarkupDraft } from './types.ts';

const photo = () => new File([new Uint8Array(2000)], 'crack.jpg', { type: 'image/jpeg' });
const draft = (count: number): MarkupDraft => ({
  width: 100,
  height: 80,
  shapes: Array.from({ length: count }, (_, i) => ({ kind: 'rect', x: i, y: i, width: 5, height: 5 })),
});

/** A new world whose server holds `step`, and a photo added to a new queue: what each markup test starts from. */
function photoAddedWhileHolding(step: 'put' | 'register' | 'ticket') {
  const world = createQueueWorld();
  world.server.gates[step].close();
  const queue = world.makeQueue();
  const [entry] = queue.add([photo()], PART).added;
  return { world, queue, entry: entry! };
}

describe('UploadQueue: holding a photo while it is marked up', () => {
  it('stops the transfer, attaches nothing while held, then attaches once when the markup ends', async () => {
    const { world, queue, entry } = photoAddedWhileHolding('put');
    await until(queue, entry.id, (e) => e.state === 'uploading');

    expect(queue.holdForMarkup(entry.id, draft(1))).toBe(true);
    expect(world.server.puts[0]!.signal.aborted).toBe(true);
    world.server.gates.put.release();
    const held = await until(queue, entry.id, (e) => e.markup !== undefined);
    expect(held.state).toBe('queued');
    expect(world.server.registerCalls).toHaveLength(0);

    queue.endMarkup(entry.id, true);
    const done = await until(queue, entry.id, (e) => e.state === 'attached');
    expect(done.markup).toBeUndefined();
    expect(world.server.attachments.map((a) => a.filename)).toEqual(['crack.jpg']);
  });

  it('keeps the latest marks with the stored file, and a reload restores them without attaching', async () => {
    const { world, queue: before, entry } = photoAddedWhileHolding('ticket');
    before.holdForMarkup(entry.id, draft(1));
    before.holdForMarkup(entry.id, draft(3));
    await vi.waitFor(() => expect(world.store.rows.get(entry.id)?.markup).toEqual(draft(3)));

    world.pages.close('page-1');
    world.server.gates.ticket.release();
    const after = world.makeQueue();
    await after.restore();
    const restored = await until(after, entry.id, (e) => e.markup !== undefined);
    expect(restored.markup).toEqual(draft(3));
    expect(restored.state).toBe('queued');
    expect(world.server.puts).toHaveLength(0);

    after.endMarkup(entry.id, true);
    await until(after, entry.id, (e) => e.state === 'attached');
    expect(world.server.attachments).toHaveLength(1);
  });

  it('cancels the original when the technician keeps it out', async () => {
    const { world, queue, entry } = photoAddedWhileHolding('ticket');
    queue.holdForMarkup(entry.id, draft(2));

    queue.endMarkup(entry.id, false);
    world.server.gates.ticket.release();
    const cancelled = await until(queue, entry.id, (e) => e.state === 'cancelled');
    expect(cancelled.markup).toBeUndefined();
    expect(world.server.registerCalls).toHaveLength(0);
    await vi.waitFor(() => expect(world.store.rows.size).toBe(0));
  });

  it('refuses to hold a file that is already being attached, or attached', async () => {
    const { world, queue, entry } = photoAddedWhileHolding('register');
    await until(queue, entry.id, (e) => e.state === 'registering');
    expect(queue.holdForMarkup(entry.id, draft(1))).toBe(false);

    world.server.gates.register.release();
    await until(queue, entry.id, (e) => e.state === 'attached');
    expect(queue.holdForMarkup(entry.id, draft(1))).toBe(false);
    expect(queue.getSnapshot()[0]!.markup).toBeUndefined();
  });
});
