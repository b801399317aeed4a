import { systemClock, type Clock } from '../clock.ts';

/** How many failures a key may have before it is locked, how long the first lock lasts, and how long a failure counts. */
export interface ThrottleRule {
  freeFailures: number;
  firstLockMs: number;
  /** A failure older than this no longer counts (a sliding window). */
  windowMs: number;
}

const MAX_LOCK_MS = 15 * 60_000;
const WINDOW_MS = 15 * 60_000;
/** Per account or client secret: a person mistypes a few times; a guesser does not stop. */
export const ACCOUNT_RULE: ThrottleRule = { freeFailures: 5, firstLockMs: 30_000, windowMs: WINDOW_MS };
/** Per network address: many people may sign in from one shop-floor gateway. */
export const ADDRESS_RULE: ThrottleRule = { freeFailures: 50, firstLockMs: 30_000, windowMs: WINDOW_MS };
/** Failures kept past a rule's free ones: by then the lock has reached its longest. */
const KEPT_OVER = Math.ceil(Math.log2(MAX_LOCK_MS / 30_000)) + 1;
/** Past this many keys, unlocked ones are forgotten: a stream of made-up emails cannot fill memory. */
const MAX_KEYS = 10_000;

interface Entry {
  /** When the failures still inside the window happened, oldest first. */
  failures: number[];
  lockedUntil: number;
}

/**
 * Counts failed sign-ins (or client authentications) per key, e.g. `account:<email>` and `address:<ip>`,
 * within a sliding window. Past a rule's free failures the key is locked, for twice as long with each
 * further failure; while locked every attempt is refused unchecked, the right password too. Success clears
 * a key.
 */
export function createFailureThrottle(clock: Clock = systemClock) {
  const entries = new Map<string, Entry>();

  return {
    /** Seconds until every one of these keys is free again; 0 when none is locked. */
    lockedFor(keys: readonly string[]): number {
      const now = clock.now();
      const until = Math.max(0, ...keys.map((key) => entries.get(key)?.lockedUntil ?? 0));
      return until > now ? Math.ceil((until - now) / 1000) : 0;
    },

    fail(keyed: readonly (readonly [string, ThrottleRule])[]): void {
      const now = clock.now();
      if (entries.size > MAX_KEYS) {
        for (const [key, entry] of entries) if (entry.lockedUntil <= now) entries.delete(key);
      }
      for (const [key, rule] of keyed) {
        const entry = entries.get(key) ?? { failures: [], lockedUntil: 0 };
        const recent = entry.failures.filter((at) => at > now - rule.windowMs);
        recent.push(now);
        entry.failures = recent.slice(-(rule.freeFailures + KEPT_OVER));
        const over = entry.failures.length - rule.freeFailures;
        if (over > 0) entry.lockedUntil = now + Math.min(MAX_LOCK_MS, rule.firstLockMs * 2 ** (over - 1));
        entries.set(key, entry);
      }
    },

    succeed(keys: readonly string[]): void {
      for (const key of keys) entries.delete(key);
    },
  };
}

export type FailureThrottle = ReturnType<typeof createFailureThrottle>;
