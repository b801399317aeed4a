import { describe, expect, it, vi } from 'vitest';
import { createQueueWorld, file, finished, PART, until } from '../test/uploadQueue.ts';

describe('UploadQueue: a registered file and its record list show together', () => {
  it("publishes the registrations' answers in the announcement that shows their files attached", async () => {
    const world = createQueueWorld();
    /** Each announcement: how many publishes had run when listeners heard it, and what was attached. */
    const heard: { published: number; attached: number }[] = [];
    let published = 0;
    const queue = world.makeQueue({ api: { ...world.server.api, publish: () => void published++ } });
    queue.subscribe(() =>
      heard.push({
        published,
        attached: queue.getSnapshot().filter((entry) => entry.state === 'attached').length,
      }),
    );
    const { added } = queue.add([file('a.pdf'), file('b.pdf', 11)], PART);
    for (const entry of added) await until(queue, entry.id, finished);

    // Every announcement published first, so none shows a file attached that its list lacks.
    expect(heard.length).toBeGreaterThan(0);
    heard.forEach((announcement, i) => expect(announcement.published).toBe(i + 1));
    expect(heard.at(-1)!.attached).toBe(2);
  });

  it('announces at once when asked (the answers were just written into the lists)', async () => {
    const world = createQueueWorld();
    const { gates } = world.server;
    gates.ticket.close();
    gates.put.close();
    const queue = world.makeQueue({ notifyEveryMs: 60_000 });
    let heard = 0;
    queue.subscribe(() => heard++);
    queue.add([file('a.pdf')], PART);
    await vi.waitFor(() => expect(heard).toBe(1));

    // A file's passing state within the window (its ticket answered, its PUT under way) waits for the
    // window's end, unless the lists were just written.
    gates.ticket.release();
    await vi.waitFor(() => expect(gates.put.held).toBe(1));
    expect(heard).toBe(1);
    queue.announceNow();
    expect(heard).toBe(2);
    expect(queue.getSnapshot().map((entry) => entry.state)).toEqual(['uploading']);
    queue.announceNow();
    expect(heard).toBe(2);
    gates.put.release();
  });
});
