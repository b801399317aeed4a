/** Timers the gathering waits with (fake ones in tests). */
export interface GatheringTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const browserTimers: GatheringTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * Registrations under way together are taken up together: an answer that comes while others are still
 * awaited waits for them (at most `maxHoldMs`), and all are released in one task. Each answer taken up
 * makes its record's list change, and each change makes every page showing the list read the whole of
 * it again and render: once per file, that was the biggest single piece of a batch's main-thread time
 * on a tablet's CPU (the Apollo cache's broadcast of the list, bench/LOG.md, issue 40). A lone file is
 * never held. Holding an answer changes nothing the server knows: the file is attached, and a reload
 * meanwhile finds it as it finds any registration whose answer it did not see.
 */
export class AnswerGathering {
  private awaited = 0;
  private held: (() => void)[] = [];
  private timer: unknown = null;

  constructor(
    private readonly maxHoldMs: number,
    private readonly timers: GatheringTimers = browserTimers,
  ) {}

  /** A registration was sent. */
  sent(): void {
    this.awaited += 1;
  }

  /** A registration failed or was given up: it is awaited no longer. */
  failed(): void {
    this.awaited -= 1;
    if (this.awaited === 0) this.release();
  }

  /** A registration answered: resolves when it may be taken up (at once when none other is awaited). */
  answered(): Promise<void> {
    this.awaited -= 1;
    if (this.awaited === 0 && this.held.length === 0) return Promise.resolve();
    const taken = new Promise<void>((resolve) => this.held.push(resolve));
    if (this.awaited === 0) this.release();
    else this.timer ??= this.timers.setTimeout(() => this.release(), this.maxHoldMs);
    return taken;
  }

  private release(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const held = this.held;
    this.held = [];
    for (const resolve of held) resolve();
  }
}
