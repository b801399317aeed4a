import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

const options = { baseMs: 100, maxMs: 1_000 };

describe('backoffDelay', () => {
  it('doubles the window with each retry, jittered between half and all of it', () => {
    for (const [retry, ceiling] of [
      [1, 100],
      [2, 200],
      [3, 400],
    ] as const) {
      expect(backoffDelay(retry, options, () => 0)).toBe(ceiling / 2);
      expect(backoffDelay(retry, options, () => 0.999999)).toBeCloseTo(ceiling, 2);
    }
  });

  it('never exceeds the maximum', () => {
    expect(backoffDelay(10, options, () => 0.999999)).toBeLessThanOrEqual(1_000);
    expect(backoffDelay(10, options, () => 0)).toBe(500);
  });

  it('spreads real random delays across the whole window', () => {
    const delays = Array.from({ length: 200 }, () => backoffDelay(3, options));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...delays)).toBeLessThanOrEqual(400);
    expect(new Set(delays.map((d) => Math.floor(d / 50))).size).toBeGreaterThan(2);
  });
});
