/** Nearest-rank percentile of a sample (p in 0..100); NaN for an empty sample. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/**
 * The geometric mean of a sample, the fair mean of ratios and of times that drift by a factor; the
 * arithmetic mean where a value is 0 or less (a longest task with none over 50 ms reads 0).
 */
export function geometricMean(samples: readonly number[]): number {
  return samples.every((v) => v > 0)
    ? Math.exp(samples.reduce((sum, v) => sum + Math.log(v), 0) / samples.length)
    : samples.reduce((sum, v) => sum + v, 0) / samples.length;
}

export function mbPerSecond(bytes: number, ms: number): number {
  return bytes / (1024 * 1024) / (ms / 1000);
}

/** Milliseconds since an arbitrary origin, for measuring intervals in this process. */
export function now(): number {
  return performance.now();
}
