import type { UploadError } from './uploadErrors.ts';

/**
 * Which files move now: at most `concurrency` at once, in the order they were started. A file started
 * again while its stopped run is still ending (an abort is not instant) starts once that run has ended,
 * so one file never runs twice at the same time.
 *
 * A run may give its place back before it ends (`release`, once its bytes are in storage): what is left
 * of it is a registration, a small request, and the next file's ticket and PUT go meanwhile, as an
 * uploader's request queue lets them (Uppy's limit counts requests, not files). It is still running:
 * stopped with the others, and never started twice.
 */
export class UploadScheduler {
  private readonly pending: string[] = [];
  private readonly running = new Map<string, AbortController>();
  /** Runs holding one of the `concurrency` places (not those that gave theirs back). */
  private readonly placed = new Set<string>();
  private readonly restartWhenStopped = new Set<string>();

  constructor(
    private readonly concurrency: number,
    private readonly run: (id: string, signal: AbortSignal, release: () => void) => Promise<void>,
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
    while (this.placed.size < this.concurrency && this.pending.length > 0) {
      const id = this.pending.shift()!;
      const controller = new AbortController();
      this.running.set(id, controller);
      this.placed.add(id);
      const release = () => {
        if (this.running.get(id) === controller && this.placed.delete(id)) this.pump();
      };
      void this.run(id, controller.signal, release).finally(() => {
        this.running.delete(id);
        this.placed.delete(id);
        if (this.restartWhenStopped.delete(id)) this.pending.push(id);
        this.pump();
      });
    }
  }
}
