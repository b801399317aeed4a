import { claimAbandonedTickets } from './db/attachments.ts';
import type { Db } from './db/database.ts';
import type { StorageService } from './contracts.ts';

export interface SweepOptions {
  intervalMs: number;
  /** How long after its URL expired an unregistered upload is kept (a slow PUT may still be arriving). */
  graceMs: number;
}

/**
 * Deletes the objects of upload tickets that expired without being registered: once at start and then
 * every `intervalMs`. A failed delete is logged and the object stays; the ticket is not retried.
 */
export function startUploadSweep(db: Db, storage: StorageService, options: SweepOptions) {
  let running: Promise<void> = Promise.resolve();

  async function sweep(): Promise<void> {
    const keys = claimAbandonedTickets(db, new Date(Date.now() - options.graceMs).toISOString());
    for (const key of keys) {
      await storage.delete(key).catch((error: unknown) => {
        console.error(`[sandbox] could not delete the unregistered upload ${key}:`, error);
      });
    }
  }

  const run = () => {
    running = running.then(sweep);
  };
  run();
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a sweep under way. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
