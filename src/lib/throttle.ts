export interface ThrottleTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
}

const browserTimers: ThrottleTimers = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
};

/**
 * `run` at once when it has not run for the window, else once at the end of the window for every
 * call made during it: the first of a burst is not delayed, the last is never dropped, and a
 * burst costs at most one run per window. `windowMs` is asked at each call.
 */
export function throttle(run: () => void, windowMs: () => number, timers = browserTimers): () => void {
  let lastRun = -Infinity;
  let scheduled = false;
  const fire = () => {
    scheduled = false;
    lastRun = timers.now();
    run();
  };
  return () => {
    if (scheduled) return;
    const wait = lastRun + windowMs() - timers.now();
    if (wait <= 0) fire();
    else {
      scheduled = true;
      timers.setTimeout(fire, wait);
    }
  };
}
