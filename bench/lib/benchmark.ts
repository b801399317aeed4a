import type { BenchSizes } from '../config.ts';
import type { Row } from './report.ts';

/** A piece the benchmark needs is not there (yet): reported as "not measured: <message>", not a failure. */
export class NotReady extends Error {}

export interface BenchContext {
  quick: boolean;
  sizes: BenchSizes;
  repoRoot: string;
  /** The device profiles (DeviceName) this run takes the same benchmark under after this pass (CI's quick run). */
  alsoOn?: readonly string[];
  /** Progress lines on stderr, so that stdout keeps only the table. */
  log(message: string): void;
}

export interface Benchmark {
  name: string;
  /** Every figure the benchmark reports, so a missing piece still lists each one as not measured. */
  figures(ctx: BenchContext): string[];
  run(ctx: BenchContext): Promise<Row[]>;
}

/** Rows saying why each of `figures` was not measured. */
export function notMeasuredRows(benchmark: string, figures: readonly string[], error: unknown): Row[] {
  const failed = !(error instanceof NotReady);
  // One line per figure in the table: multi-line output (a server's last lines) is folded.
  const message = (error instanceof Error ? error.message : String(error))
    .replace(/\s*\n\s*/g, ' | ')
    .slice(0, 400);
  return figures.map((figure) => ({
    benchmark,
    figure,
    notMeasured: failed ? `failed: ${message}` : message,
    failed: failed || undefined,
  }));
}

/** Runs one part of a benchmark; when it throws, its figures become "not measured" rows instead. */
export async function attempt(
  benchmark: string,
  figures: readonly string[],
  part: () => Promise<Row[]>,
): Promise<Row[]> {
  try {
    return await part();
  } catch (error) {
    return notMeasuredRows(benchmark, figures, error);
  }
}
