interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Calls `onStall` once when `progress()` has not been called for `stallMs` (as Uppy's ProgressTimeout):
 * a slow transfer that keeps moving keeps going however long it takes, a stalled one is let go.
 * Armed at creation; `stop()` when the transfer ends.
 */
export function progressTimeout(stallMs: number, onStall: () => void, timers: Timers = browserTimers) {
  let handle: unknown = null;
  let done = false;
  const arm = () => {
    if (done) return;
    if (handle !== null) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      done = true;
      onStall();
    }, stallMs);
  };
  arm();
  return {
    progress: arm,
    stop: () => {
      done = true;
      if (handle !== null) timers.clearTimeout(handle);
    },
  };
}
