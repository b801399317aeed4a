import { describe, expect, it } from 'vitest';
import { geometricMean, mbPerSecond, median, percentile } from '../lib/stats.ts';

describe('percentile', () => {
  it('uses the nearest rank on the sorted sample', () => {
    const sample = [50, 10, 40, 20, 30];
    expect(percentile(sample, 50)).toBe(30);
    expect(percentile(sample, 95)).toBe(50);
    expect(percentile(sample, 0)).toBe(10);
    expect(median([4, 1, 3, 2])).toBe(2);
  });

  it('is NaN for an empty sample', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('geometricMean', () => {
  it('takes the geometric mean, and the arithmetic one where a value is 0', () => {
    expect(geometricMean([200, 800])).toBeCloseTo(400);
    expect(geometricMean([0, 60])).toBe(30);
  });
});

describe('mbPerSecond', () => {
  it('divides mebibytes by seconds', () => {
    expect(mbPerSecond(256 * 1024 * 1024, 2000)).toBe(128);
  });
});
