/** How many failures a key may have before it is locked, and how long the first lock lasts. */
export interface ThrottleRule {
  freeFailures: number;
  firstLockMs: number;
}

/** Per account or client secret: a person mistypes a few times; a guesser does not stop. */
export const ACCOUNT_RULE: ThrottleRule = { freeFailures: 5, firstLockMs: 30_000 };
/** Per network address: many people may sign in from one shop-floor gateway. */
export const ADDRESS_RULE: ThrottleRule = { freeFailures: 50, firstLockMs: 30_000 };
const MAX_LOCK_MS = 15 * 60_000;
/** Past this many keys, unlocked ones are forgotten: a stream of made-up emails cannot fill memory. */
const MAX_KEYS = 10_000;

interface Entry {
  failures: number;
  lockedUntil: number;
}

/**
 * Counts consecutive failed sign-ins (or client authentications) per key, e.g. `account:<email>` and
 * `address:<ip>`. Past a rule's free failures the key is locked, for twice as long with each further
 * failure; while locked every attempt is refused unchecked, the right password too. Success clears a key.
 */
export function createFailureThrottle(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();

  return {
    /** Seconds until every one of these keys is free again; 0 when none is locked. */
    lockedFor(keys: readonly string[]): number {
      const until = Math.max(0, ...keys.map((key) => entries.get(key)?.lockedUntil ?? 0));
      return until > now() ? Math.ceil((until - now()) / 1000) : 0;
    },

    fail(keyed: readonly (readonly [string, ThrottleRule])[]): void {
      if (entries.size > MAX_KEYS) {
        for (const [key, entry] of entries) if (entry.lockedUntil <= now()) entries.delete(key);
      }
      for (const [key, rule] of keyed) {
        const entry = entries.get(key) ?? { failures: 0, lockedUntil: 0 };
        entry.failures += 1;
        const over = entry.failures - rule.freeFailures;
        if (over > 0) entry.lockedUntil = now() + Math.min(MAX_LOCK_MS, rule.firstLockMs * 2 ** (over - 1));
        entries.set(key, entry);
      }
    },

    succeed(keys: readonly string[]): void {
      for (const key of keys) entries.delete(key);
    },
  };
}

export type FailureThrottle = ReturnType<typeof createFailureThrottle>;
