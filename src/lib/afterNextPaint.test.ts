import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterNextPaint.ts';

afterEach(() => vi.restoreAllMocks());

/** The page's next animation frame, held until the test runs it. */
function holdFrames() {
  const frames = new Map<number, FrameRequestCallback>();
  let ids = 0;
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.set(++ids, callback);
    return ids;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => frames.delete(id));
  return () => {
    const due = [...frames.values()];
    frames.clear();
    due.forEach((callback) => callback(performance.now()));
  };
}

describe('afterNextPaint', () => {
  it('runs in a task of its own after the next frame, not in the frame', async () => {
    const runFrame = holdFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(callback).not.toHaveBeenCalled();
    runFrame();
    expect(callback).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(callback).toHaveBeenCalledTimes(1));
  });

  it('runs nothing once cancelled, before or after the frame', async () => {
    const runFrame = holdFrames();
    const early = vi.fn();
    const late = vi.fn();
    afterNextPaint(early)();
    const cancelLate = afterNextPaint(late);
    runFrame();
    cancelLate();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
