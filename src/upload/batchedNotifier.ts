/**
 * Announces changes at most every `everyMs`, so 500 files do not re-render 500 times: `refresh` takes
 * the new snapshots, then each listener is called once, and the events gathered since go with them.
 * A change after a quiet spell is announced in the next task, not `everyMs` later: a photo just taken
 * shows in the queue at once (what changes in the same task still goes in one announcement).
 */
export class BatchedNotifier<E> {
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(events: E[]) => void>();
  private events: E[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastAnnouncedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly everyMs: number,
    private readonly refresh: () => void,
  ) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onEvents(listener: (events: E[]) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** An event for the next announcement. */
  push(event: E): void {
    this.events.push(event);
    this.changed();
  }

  /** Forgets the events not announced yet (what they were about is gone). */
  dropEvents(): void {
    this.events = [];
  }

  changed(): void {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.lastAnnouncedAt + this.everyMs - Date.now());
    this.timer = setTimeout(() => this.announce(), wait);
  }

  /**
   * A change a person made (a file dropped, a tap on Retry or Cancel): announced in the next task,
   * whatever is left of the window, so the tap's answer shows at once; the window is for the changes
   * that come by themselves (a file's passing states, its progress).
   */
  soon(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.announce(), 0);
  }

  /** Announces a change waiting for its window at once (nothing when none waits). */
  announceNow(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.announce();
  }

  private announce(): void {
    this.timer = null;
    this.lastAnnouncedAt = Date.now();
    this.refresh();
    for (const listener of this.listeners) listener();
    if (this.events.length === 0) return;
    const events = this.events;
    this.events = [];
    for (const listener of this.eventListeners) listener(events);
  }
}
