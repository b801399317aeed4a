import type { Clock } from './clock.ts';
import type { StorageService, UploadGate } from './contracts.ts';
import { claimAbandonedTickets, findTicket } from './db/attachments.ts';
import type { Db } from './db/db.ts';

export interface SweepOptions {
  intervalMs: number;
  /** How long after its URL expired an unregistered upload is kept (a slow PUT may still be arriving). */
  graceMs: number;
  clock: Clock;
}

/** The gate storage asks about each PUT; the sweep leaves alone the keys it holds in flight. */
export function createUploadGate(db: Db): UploadGate & { inFlight(): string[] } {
  const streaming = new Map<string, number>();
  // No ticket: a URL signed outside the GraphQL flow (tools, tests); nothing will sweep it.
  const swept = (key: string) => Boolean(findTicket(db, key)?.sweptAt);
  return {
    begin(key) {
      if (swept(key)) return false;
      streaming.set(key, (streaming.get(key) ?? 0) + 1);
      return true;
    },
    mayCommit: (key) => !swept(key),
    end(key) {
      const left = (streaming.get(key) ?? 1) - 1;
      if (left > 0) streaming.set(key, left);
      else streaming.delete(key);
    },
    inFlight: () => [...streaming.keys()],
  };
}

/**
 * Deletes the objects of upload tickets that expired without being registered: once at start and then
 * every `intervalMs`. A ticket whose PUT is still streaming is left for a later sweep. A failed delete is
 * logged and the object stays; the ticket is not retried.
 */
export function startUploadSweep(
  db: Db,
  storage: StorageService,
  uploads: ReturnType<typeof createUploadGate>,
  options: SweepOptions,
) {
  let running: Promise<void> = Promise.resolve();

  async function sweep(): Promise<void> {
    const before = new Date(options.clock.now() - options.graceMs).toISOString();
    const keys = claimAbandonedTickets(
      db,
      before,
      uploads.inFlight(),
      new Date(options.clock.now()).toISOString(),
    );
    for (const key of keys) {
      await storage.delete(key).catch((error: unknown) => {
        console.error(`[sandbox] could not delete the unregistered upload ${key}:`, error);
      });
    }
  }

  const run = () => {
    running = running.then(sweep);
    return running;
  };
  void run();
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    /** Sweeps now, after any sweep under way. */
    now: run,
    /** Stops the timer and waits for a sweep under way. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
