export interface BackoffPolicy {
  /** Delay before the first retry, before jitter. */
  baseMs: number;
  /** No single wait is longer than this. */
  maxMs: number;
  /** Retries after the first attempt; the next failure is final. */
  maxRetries: number;
}

export const defaultBackoff: BackoffPolicy = { baseMs: 1_000, maxMs: 30_000, maxRetries: 6 };

/**
 * Exponential backoff with "equal jitter": half the exponential step is kept so waits still grow,
 * the other half is random so many clients failing together do not retry together.
 * `retry` counts from 0; `random` returns a number in [0, 1).
 */
export function backoffDelay(retry: number, policy: BackoffPolicy, random: () => number): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** retry);
  return step / 2 + (step / 2) * random();
}
