import { describe, expect, it, vi } from 'vitest';
import type { UploadQueue } from './uploadQueue.ts';
import { createQueueWorld, Gate } from '../test/uploadQueue.ts';
import type { PreparePhoto } from './uploadPorts.ts';
import type { UploadEntry, UploadTarget } from './types.ts';
import { FAILURE_WORDS, WordedError } from '../failures/failures.ts';

const step: UploadTarget = { entityId: 77, label: 'Run step 1', record: { kind: 'runStep', id: 1 } };

function photo(name = 'IMG_0001.heic', size = 4_000, type = 'image/heic'): File {
  return new File([new Uint8Array(size)], name, { type });
}

async function until(queue: UploadQueue, check: (entry: UploadEntry) => boolean): Promise<UploadEntry> {
  return vi.waitFor(() => {
    const [entry] = queue.getSnapshot();
    if (!entry || !check(entry)) throw new Error(`entry is ${entry?.state}/${entry?.waiting ?? ''}`);
    return entry;
  });
}

/** Turns any photo into a 700-byte JPEG named for it, after the gate opens. */
function lighterJpeg(gate = new Gate()): PreparePhoto & { calls: number } {
  const prepare = Object.assign(
    async (_file: Blob, filename: string) => {
      prepare.calls += 1;
      await gate.pass();
      return {
        file: new Blob([new Uint8Array(700)], { type: 'image/jpeg' }),
        filename: filename.replace(/\.heic$/i, '.jpg'),
        type: 'image/jpeg',
      };
    },
    { calls: 0 },
  );
  return prepare;
}

describe('UploadQueue: lighter photos', () => {
  it('stores, hashes, names and sends the lighter file, and says how much lighter', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue({ prepare: lighterJpeg() });
    queue.add([photo()], step);
    const entry = await until(queue, (e) => e.state === 'attached');
    expect(entry).toMatchObject({
      filename: 'IMG_0001.jpg',
      size: 700,
      lightenedFrom: 4_000,
      type: 'image/jpeg',
    });
    expect(world.server.ticketRequests).toEqual(['IMG_0001.jpg']);
    expect(world.server.puts[0]!.body.size).toBe(700);
    expect(world.server.registerCalls[0]).toMatchObject({ filename: 'IMG_0001.jpg', s3Etag: 'md5-700' });
  });

  it('says it is making the photo lighter, and stores the lighter file before sending it', async () => {
    const world = createQueueWorld();
    const gate = new Gate();
    gate.close();
    world.server.gates.ticket.close();
    const queue = world.makeQueue({ prepare: lighterJpeg(gate) });
    queue.add([photo()], step);
    await until(queue, (e) => e.waiting === 'lightening');
    // Until then the original is what a reload would find.
    await vi.waitFor(() => expect([...world.store.rows.values()][0]?.size).toBe(4_000));
    gate.release();
    await vi.waitFor(() => expect(world.server.ticketRequests).toHaveLength(1));
    const [stored] = [...world.store.rows.values()];
    expect(stored).toMatchObject({
      filename: 'IMG_0001.jpg',
      size: 700,
      prepared: true,
      lightenedFrom: 4_000,
    });
    expect(stored!.file.size).toBe(700);
    expect(stored).not.toHaveProperty('originalKept');
  });

  it('sends a file the preparer leaves alone as it is', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue({ prepare: async () => null });
    queue.add([photo('scan.pdf', 300, 'application/pdf')], step);
    const entry = await until(queue, (e) => e.state === 'attached');
    expect(entry).toMatchObject({ filename: 'scan.pdf', size: 300, prepared: true });
    expect(entry.lightenedFrom).toBeUndefined();
    expect(world.server.puts[0]!.body.size).toBe(300);
  });

  it.each([
    ['its own words', new WordedError('This photo could not be decoded'), 'This photo could not be decoded'],
    [
      "the app's words for a library's error",
      new Error('An error occurred! For more details, see https://go.apollo.dev/c/err#x'),
      FAILURE_WORDS.notLightened,
    ],
  ])('sends the original when the photo cannot be made lighter, saying why in %s', async (_, error, why) => {
    const world = createQueueWorld();
    const queue = world.makeQueue({
      prepare: async () => {
        throw error;
      },
    });
    queue.add([photo()], step);
    const entry = await until(queue, (e) => e.state === 'attached');
    expect(entry).toMatchObject({ filename: 'IMG_0001.heic', size: 4_000 });
    expect(entry.lighteningFailed).toBe(why);
  });

  it('sends the original instead when asked while the lighter copy is on its way', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue({ prepare: lighterJpeg() });
    queue.add([photo()], step);
    const lighter = await until(queue, (e) => e.state === 'uploading');
    expect(lighter.originalKept).toBe(true);

    queue.sendOriginal(lighter.id);
    world.server.gates.put.release();
    const entry = await until(queue, (e) => e.state === 'attached');
    expect(entry).toMatchObject({ filename: 'IMG_0001.heic', size: 4_000 });
    expect(entry.lightenedFrom).toBeUndefined();
    expect(world.server.attachments).toHaveLength(1);
    expect(world.server.registerCalls).toEqual([
      expect.objectContaining({ filename: 'IMG_0001.heic', s3Etag: 'md5-4000' }),
    ]);
  });

  it('does not make a restored file lighter twice, nor offer an original it no longer holds', async () => {
    const world = createQueueWorld();
    world.server.gates.ticket.close();
    const prepare = lighterJpeg();
    const first = world.makeQueue({ prepare });
    first.add([photo()], step);
    await vi.waitFor(() => expect([...world.store.rows.values()][0]?.prepared).toBe(true));
    world.pages.close('page-1');
    world.server.gates.ticket.release();

    const second = world.makeQueue({ prepare });
    await second.restore();
    const entry = await until(second, (e) => e.state === 'attached');
    expect(prepare.calls).toBe(1);
    expect(entry).toMatchObject({ filename: 'IMG_0001.jpg', lightenedFrom: 4_000 });
    expect(entry.originalKept).toBeUndefined();
  });
});
