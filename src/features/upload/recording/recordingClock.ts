/**
 * Whole seconds recorded, for the timer alone: it ticks without rendering the recorder's owner (the
 * camera dialog, a record page's voice button). A render of the whole dialog each second cost 10-45 ms
 * of the main thread on a desktop while recording, four times that on a tablet; the timer's text is
 * well under 1 ms. Read with `useSyncExternalStore(clock.subscribe, clock.seconds)`.
 */
export interface RecordingClock {
  subscribe(listener: () => void): () => void;
  seconds(): number;
  /** Sets the whole seconds; listeners hear only a change. */
  set(seconds: number): void;
}

export function recordingClock(): RecordingClock {
  let value = 0;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    seconds: () => value,
    set(seconds) {
      if (seconds === value) return;
      value = seconds;
      for (const listener of listeners) listener();
    },
  };
}
