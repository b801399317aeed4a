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

/** One attempt, counted as failed before its check ran; what to do once the check says it succeeded. */
export interface CountedAttempt {
  /** Seconds until the keys are free again when one was locked: the attempt was refused, nothing counted. */
  wait: number;
  /** The check passed: `clear` keys are cleared, the others no longer count this attempt. */
  succeeded(clear: readonly string[]): void;
}

interface Entry {
  /** When the failures still inside the window happened, oldest first. */
  failures: number[];
  lockedUntil: number;
}

const keyedRule = (keyed: readonly (readonly [string, ThrottleRule])[], key: string): ThrottleRule =>
  keyed.find(([k]) => k === key)![1];

/**
 * Counts failed sign-ins (or client authentications) per key, e.g. `account:<email>` and `address:<ip>`,
 * within a sliding window. Past a rule's free failures the key is locked, for twice as long with each
 * further failure; while locked every attempt is refused unchecked, the right password too. Success clears
 * a key.
 */
export function createFailureThrottle(clock: Clock = systemClock) {
  const entries = new Map<string, Entry>();

  /** Seconds until every one of these keys is free again; 0 when none is locked. */
  function lockedFor(keys: readonly string[]): number {
    const now = clock.now();
    const until = Math.max(0, ...keys.map((key) => entries.get(key)?.lockedUntil ?? 0));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Counts a failure now for each key; returns when (the sandbox's clock). */
  function fail(keyed: readonly (readonly [string, ThrottleRule])[]): number {
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
    return now;
  }

  return {
    lockedFor,
    fail,

    /**
     * An attempt about to be checked: refused when a key is locked, else counted as failed at once, so
     * that attempts checked at the same time (a password hash, a body still arriving) cannot all pass
     * a count that would only grow once each is checked. The right password among them is refused too
     * once the ones counted before it locked the key.
     */
    attempt(keyed: readonly (readonly [string, ThrottleRule])[]): CountedAttempt {
      const wait = lockedFor(keyed.map(([key]) => key));
      if (wait > 0) return { wait, succeeded: () => undefined };
      const before = new Map(keyed.map(([key]) => [key, entries.get(key)?.lockedUntil ?? 0]));
      const at = fail(keyed);
      return {
        wait: 0,
        succeeded: (clear) => {
          for (const [key] of keyed) {
            const entry = entries.get(key);
            if (!entry) continue;
            if (clear.includes(key)) {
              entries.delete(key);
              continue;
            }
            const index = entry.failures.indexOf(at);
            if (index !== -1) entry.failures.splice(index, 1);
            // A lock this attempt's own count set is lifted; one set by others stays.
            if (entry.failures.length <= keyedRule(keyed, key).freeFailures) {
              entry.lockedUntil = Math.min(entry.lockedUntil, before.get(key) ?? 0);
            }
          }
        },
      };
    },
  };
}

export type FailureThrottle = ReturnType<typeof createFailureThrottle>;
