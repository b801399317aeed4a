import { describe, expect, it, vi } from 'vitest';
import { askBeforeNavigating, nextTask } from './askBeforeNavigating.ts';

describe('askBeforeNavigating', () => {
  it('starts the preload, waits, then navigates', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const waited = new Promise<void>((resolve) => (release = resolve));
    const done = askBeforeNavigating(
      async () => void order.push('preload'),
      async () => void order.push('navigate'),
      () => {
        order.push('wait');
        return waited;
      },
    );
    await Promise.resolve();
    expect(order).toEqual(['preload', 'wait']);
    release();
    await done;
    expect(order).toEqual(['preload', 'wait', 'navigate']);
  });

  it('navigates when the preload fails, and says nothing of its failure', async () => {
    const go = vi.fn(async () => undefined);
    await expect(
      askBeforeNavigating(() => Promise.reject(new Error('offline')), go),
    ).resolves.toBeUndefined();
    expect(go).toHaveBeenCalledOnce();
  });

  it('passes on a failed navigation', async () => {
    await expect(
      askBeforeNavigating(
        async () => undefined,
        () => Promise.reject(new Error('no route')),
      ),
    ).rejects.toThrow('no route');
  });

  it('lets queued microtasks run before the next task', async () => {
    const ran: string[] = [];
    const task = nextTask().then(() => ran.push('task'));
    void Promise.resolve()
      .then(() => undefined)
      .then(() => ran.push('microtasks'));
    await task;
    expect(ran).toEqual(['microtasks', 'task']);
  });
});
