import { describe, expect, it, vi } from 'vitest';
import { createQueueWorld, entryOf, finished, Gate, PART, TAYLOR, until, VIC } from '../test/uploadQueue.ts';
import type { PreparePhoto } from './uploadPorts.ts';
import { UploadError } from './uploadErrors.ts';

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1];

/** A file with no type whose first bytes (the type sniff's read) come back only once `head` opens. */
function slowHead(name: string, head: Gate, bytes: number[] = JPEG_HEAD): File {
  const file = new File([new Uint8Array([...bytes, ...new Array<number>(64).fill(7)])], name);
  const slice = file.slice.bind(file);
  file.slice = (...args: Parameters<Blob['slice']>) => {
    const part = slice(...args);
    const read = part.arrayBuffer.bind(part);
    part.arrayBuffer = async () => {
      await head.pass();
      return read();
    };
    return part;
  };
  return file;
}

describe('UploadQueue: the first request does not wait for the file to be prepared', () => {
  it("asks for a file's ticket while its type is still being read from its first bytes", async () => {
    const world = createQueueWorld();
    const head = new Gate();
    head.close();
    const queue = world.makeQueue();
    const [entry] = queue.add([slowHead('scan', head)], PART).added;

    await vi.waitFor(() => expect(world.server.ticketRequests).toEqual(['scan']));
    expect(world.server.puts).toEqual([]);
    head.release();

    // The bytes said JPEG: the ticket for the name that says so follows, as for a server's generic type.
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached', type: 'image/jpeg' });
    expect(world.server.ticketRequests).toEqual(['scan', 'scan.jpg']);
    expect(world.server.puts).toHaveLength(1);
    expect(world.server.attachments).toHaveLength(1);
  });

  it('uses the early ticket when the bytes say nothing more: one ticket, one PUT, one registration', async () => {
    const world = createQueueWorld();
    const head = new Gate();
    head.close();
    const queue = world.makeQueue();
    const [entry] = queue.add([slowHead('reading.bin', head, new Array<number>(16).fill(1))], PART).added;
    await vi.waitFor(() => expect(world.server.ticketRequests).toEqual(['reading.bin']));
    head.release();

    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.ticketRequests).toEqual(['reading.bin']);
    expect(world.server.puts).toHaveLength(1);
  });

  it("meets the early request's failure as the first try's: a passing one is tried again, a refusal shown", async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('transient', 'The server is busy.'));
    const queue = world.makeQueue();
    const [entry] = queue.add([slowHead('scan.bin', new Gate(), new Array<number>(16).fill(1))], PART).added;

    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.ticketRequests).toEqual(['scan.bin', 'scan.bin']);
    expect(world.server.attachments).toHaveLength(1);

    world.server.failures.ticket.push(new UploadError('permanent', 'You do not have permission to do this.'));
    const [refused] = queue.add(
      [slowHead('refused.bin', new Gate(), new Array<number>(16).fill(2))],
      PART,
    ).added;
    expect(await until(queue, refused!.id, finished)).toMatchObject({
      state: 'failed',
      reason: 'You do not have permission to do this.',
    });
    expect(world.server.ticketRequests.slice(2)).toEqual(['refused.bin']);
  });

  it('asks nothing early while offline', async () => {
    const world = createQueueWorld();
    world.connectivity.online = false;
    const queue = world.makeQueue();
    const [entry] = queue.add([slowHead('offline', new Gate())], PART).added;
    await vi.waitFor(() => expect(entryOf(queue, entry!.id).waiting).toBe('network'));
    expect(world.server.ticketRequests).toEqual([]);

    world.connectivity.goOnline();
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.ticketRequests).toEqual(['offline', 'offline.jpg']);
  });

  it('asks nothing for a file whose turn comes once someone else signed in: it waits for its owner', async () => {
    const world = createQueueWorld();
    world.server.gates.ticket.close();
    const queue = world.makeQueue();
    const names = ['a.bin', 'b.bin', 'c.bin', 'd.bin'];
    const files = names.map((name) => slowHead(name, new Gate(), new Array<number>(16).fill(1)));
    const { added } = queue.add(files, PART);
    await vi.waitFor(() => expect(world.server.ticketRequests).toEqual(['a.bin', 'b.bin', 'c.bin']));

    world.person.signedIn = VIC;
    world.server.gates.ticket.release();
    await vi.waitFor(() => expect(queue.getLeftByOthers()).toEqual([expect.objectContaining({ count: 4 })]));
    expect(added.every((entry) => entry.person === TAYLOR)).toBe(true);
    expect(world.server.ticketRequests).toEqual(['a.bin', 'b.bin', 'c.bin']);
    expect(world.server.puts).toEqual([]);
  });

  it('asks for no ticket before a photo is made lighter: its name may change', async () => {
    const world = createQueueWorld();
    const prepare: PreparePhoto = async (_file, filename) => ({
      file: new Blob([new Uint8Array(50)], { type: 'image/jpeg' }),
      filename: filename.replace(/\.heic$/i, '.jpg'),
      type: 'image/jpeg',
    });
    const queue = world.makeQueue({ prepare });
    const photo = new File([new Uint8Array(400)], 'IMG_0001.heic', { type: 'image/heic' });
    const [entry] = queue.add([photo], PART).added;

    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.ticketRequests).toEqual(['IMG_0001.jpg']);
  });
});
