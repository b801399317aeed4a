import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressTimeout } from './progressTimeout.ts';

describe('progressTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets a transfer that keeps moving run past the stall time', () => {
    const onStall = vi.fn();
    const watch = progressTimeout(30_000, onStall);
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(20_000);
      watch.progress();
    }
    expect(onStall).not.toHaveBeenCalled();
    watch.stop();
    vi.advanceTimersByTime(60_000);
    expect(onStall).not.toHaveBeenCalled();
  });

  it('gives up once when nothing moved for the stall time', () => {
    const onStall = vi.fn();
    const watch = progressTimeout(30_000, onStall);
    vi.advanceTimersByTime(29_999);
    expect(onStall).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onStall).toHaveBeenCalledTimes(1);
    watch.progress();
    vi.advanceTimersByTime(60_000);
    expect(onStall).toHaveBeenCalledTimes(1);
  });
});
