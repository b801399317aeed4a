export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  baseMs: number;
  /** Upper bound for any delay. */
  maxMs: number;
}

/**
 * Exponential backoff with "equal jitter": retry n (counted from 1) waits between half and all of
 * base * 2^(n-1), capped at max. Jitter spreads a floor of tablets reconnecting at once; the lower
 * half-bound keeps retries from hammering a struggling server.
 */
export function backoffDelay(retry: number, options: BackoffOptions, random = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, retry - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}
