import { describe, expect, it } from 'vitest';
import { UploadError } from './uploadErrors.ts';
import { createQueueWorld, entryOf, file, finished, PART, until } from '../test/uploadQueue.ts';

describe('UploadQueue: names the API takes', () => {
  it('shortens a name longer than the API takes before the ticket, keeping its extension, and says so', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const long = `${'left bracket weld seam close-up '.repeat(9)}.jpg`;
    expect(long.length).toBeGreaterThan(255);
    const [entry] = queue.add([file(long, 10, 'image/jpeg')], PART).added;

    expect(entry!.filename).toHaveLength(255);
    expect(entry!.filename.endsWith('….jpg')).toBe(true);
    expect(entry!.shortenedFrom).toBe(long);
    expect(await until(queue, entry!.id, finished)).toMatchObject({ state: 'attached' });
    expect(world.server.ticketRequests).toEqual([entry!.filename]);
    expect(world.server.attachments.map((a) => a.filename)).toEqual([entry!.filename]);
  });

  it('a file the server refused goes again under a new name, without uploading it again', async () => {
    const world = createQueueWorld();
    world.server.failures.register.push(
      new UploadError('permanent', 'The server refused the request: bad name'),
    );
    const queue = world.makeQueue();
    const [entry] = queue.add([file('weld?.jpg', 10, 'image/jpeg')], PART).added;
    await until(queue, entry!.id, (e) => e.state === 'failed');

    expect(queue.rename(entry!.id, '  weld seam.jpg ')).toBeNull();
    expect(await until(queue, entry!.id, (e) => e.state === 'attached')).toMatchObject({
      filename: 'weld seam.jpg',
    });
    expect(world.server.attachments.map((a) => a.filename)).toEqual(['weld seam.jpg']);
    expect(world.server.puts).toHaveLength(1);
  });

  it('refuses an empty name, and a file that is not failed or was refused for permission', async () => {
    const world = createQueueWorld();
    world.server.failures.register.push(
      new UploadError('forbidden', 'You do not have permission to do this.'),
    );
    const queue = world.makeQueue();
    const [refused, attached] = queue.add([file('a.jpg'), file('b.jpg')], PART).added;
    await until(queue, refused!.id, finished);
    await until(queue, attached!.id, finished);

    expect(queue.rename(refused!.id, ' ')).toBe('Type a name for the file.');
    expect(queue.rename(refused!.id, 'c.jpg')).toBe('This file cannot be renamed now.');
    expect(queue.rename(attached!.id, 'c.jpg')).toBe('This file cannot be renamed now.');
    expect(entryOf(queue, attached!.id).filename).toBe('b.jpg');
  });
});
