import { describe, expect, it } from 'vitest';
import { backoffDelay, defaultBackoff } from './backoff.ts';

describe('backoffDelay', () => {
  it('grows exponentially and stays between half and all of each step', () => {
    for (let retry = 0; retry < 4; retry += 1) {
      const step = defaultBackoff.baseMs * 2 ** retry;
      expect(backoffDelay(retry, defaultBackoff, () => 0)).toBe(step / 2);
      expect(backoffDelay(retry, defaultBackoff, () => 0.999999)).toBeLessThan(step);
    }
  });

  it('never waits longer than the cap, however many retries', () => {
    for (const retry of [5, 10, 50, 1000]) {
      expect(backoffDelay(retry, defaultBackoff, () => 0.999999)).toBeLessThanOrEqual(defaultBackoff.maxMs);
      expect(backoffDelay(retry, defaultBackoff, () => 0)).toBe(defaultBackoff.maxMs / 2);
    }
  });

  it('spreads clients that fail together', () => {
    const delays = [0.1, 0.5, 0.9].map((r) => backoffDelay(2, defaultBackoff, () => r));
    expect(new Set(delays).size).toBe(3);
  });
});
