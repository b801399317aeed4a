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

export function mbPerSecond(bytes: number, ms: number): number {
  return bytes / (1024 * 1024) / (ms / 1000);
}

/** Milliseconds since an arbitrary origin, for measuring intervals in this process. */
export function now(): number {
  return performance.now();
}
