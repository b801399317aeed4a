import type { UploadError } from './uploadErrors.ts';

/**
 * Which files move now: at most `concurrency` at once, in the order they were started. A file started
 * again while its stopped run is still ending (an abort is not instant) starts once that run has ended,
 * so one file never runs twice at the same time.
 */
export class UploadScheduler {
  private readonly pending: string[] = [];
  private readonly running = new Map<string, AbortController>();
  private readonly restartWhenStopped = new Set<string>();

  constructor(
    private readonly concurrency: number,
    private readonly run: (id: string, signal: AbortSignal) => Promise<void>,
  ) {}

  start(id: string): void {
    if (this.running.has(id)) this.restartWhenStopped.add(id);
    else if (!this.pending.includes(id)) this.pending.push(id);
    this.pump();
  }

  /** Takes the file out of the line and aborts its run, if any, with `reason`. */
  stop(id: string, reason: UploadError): void {
    const index = this.pending.indexOf(id);
    if (index >= 0) this.pending.splice(index, 1);
    this.restartWhenStopped.delete(id);
    this.running.get(id)?.abort(reason);
  }

  stopAll(reason: UploadError): void {
    this.pending.length = 0;
    this.restartWhenStopped.clear();
    for (const controller of this.running.values()) controller.abort(reason);
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.pending.length > 0) {
      const id = this.pending.shift()!;
      const controller = new AbortController();
      this.running.set(id, controller);
      void this.run(id, controller.signal).finally(() => {
        this.running.delete(id);
        if (this.restartWhenStopped.delete(id)) this.pending.push(id);
        this.pump();
      });
    }
  }
}
