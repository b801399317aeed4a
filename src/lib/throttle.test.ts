import { describe, expect, it } from 'vitest';
import { throttle } from './throttle.ts';

/** A clock the test moves by hand; timers fire when it passes them. */
function manualTimers() {
  let now = 0;
  let pending: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => pending.push({ at: now + ms, run }),
    advance(ms: number) {
      now += ms;
      const due = pending.filter((timer) => timer.at <= now);
      pending = pending.filter((timer) => timer.at > now);
      due.forEach((timer) => timer.run());
    },
    pendingCount: () => pending.length,
  };
}

/** A throttled call with a fixed window that notes when each run happened. */
function throttledEvery(windowMs: number) {
  const timers = manualTimers();
  const runs: number[] = [];
  const call = throttle(
    () => runs.push(timers.now()),
    () => windowMs,
    timers,
  );
  return { timers, runs, call };
}

describe('throttle', () => {
  it('runs the first call at once', () => {
    const { runs, call } = throttledEvery(100);

    call();

    expect(runs).toEqual([0]);
  });

  it('gathers the calls of a burst into one run at the end of the window', () => {
    const { timers, runs, call } = throttledEvery(100);

    call();
    timers.advance(10);
    call();
    timers.advance(30);
    call();
    call();
    expect(runs).toEqual([0]);
    expect(timers.pendingCount()).toBe(1);

    timers.advance(60);
    expect(runs).toEqual([0, 100]);
  });

  it('runs at once again after a quiet window', () => {
    const { timers, runs, call } = throttledEvery(100);

    call();
    timers.advance(250);
    call();

    expect(runs).toEqual([0, 250]);
  });

  it('a call made while the run is running schedules one more run', () => {
    const timers = manualTimers();
    let runs = 0;
    const call = throttle(
      () => {
        runs += 1;
        if (runs === 1) call();
      },
      () => 100,
      timers,
    );

    call();
    timers.advance(100);

    expect(runs).toBe(2);
  });

  it('asks the window at each call', () => {
    const timers = manualTimers();
    const runs: number[] = [];
    let windowMs = 0;
    const call = throttle(
      () => runs.push(timers.now()),
      () => windowMs,
      timers,
    );

    call();
    timers.advance(10);
    call();
    windowMs = 100;
    timers.advance(10);
    call();
    timers.advance(89);
    expect(runs).toEqual([0, 10]);
    timers.advance(1);

    expect(runs).toEqual([0, 10, 110]);
  });
});
