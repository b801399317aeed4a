import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchedNotifier } from './batchedNotifier.ts';

describe('BatchedNotifier', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces a change after a quiet spell in the next task, then at most every interval', async () => {
    const refresh = vi.fn();
    const notifier = new BatchedNotifier<string>(100, refresh);
    const heard: string[][] = [];
    notifier.onEvents((events) => heard.push(events));

    // A photo just taken: one change, announced at once (next task), not 100 ms later.
    notifier.push('photo');
    notifier.push('stored');
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([['photo', 'stored']]);

    // A burst right after: gathered until the interval since the last announcement has passed.
    notifier.push('a');
    await vi.advanceTimersByTimeAsync(50);
    notifier.push('b');
    await vi.advanceTimersByTimeAsync(49);
    expect(heard).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard).toEqual([
      ['photo', 'stored'],
      ['a', 'b'],
    ]);

    // Quiet again for longer than the interval: the next change goes at once.
    await vi.advanceTimersByTimeAsync(500);
    notifier.push('c');
    await vi.advanceTimersByTimeAsync(0);
    expect(heard.at(-1)).toEqual(['c']);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('announces a change a person made in the next task, even inside the window', async () => {
    const refresh = vi.fn();
    const notifier = new BatchedNotifier<string>(250, refresh);
    notifier.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);

    // A passing state 10 ms later waits for the window; a drop right after goes in the next task, with it.
    await vi.advanceTimersByTimeAsync(10);
    notifier.changed();
    notifier.soon();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    // Nothing is left waiting for the window's end.
    await vi.advanceTimersByTimeAsync(500);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
