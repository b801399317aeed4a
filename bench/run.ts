import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FULL, QUICK } from './config.ts';
import { parseArgs } from './lib/cli.ts';
import { notMeasuredRows, type BenchContext, type Benchmark } from './lib/benchmark.ts';
import { formatTable, writeResults, type Row } from './lib/report.ts';
import { bundle } from './benchmarks/bundle.ts';
import { catalogue } from './benchmarks/catalogue.ts';
import { dropToVisible } from './benchmarks/dropToVisible.ts';
import { roundTrips } from './benchmarks/roundTrips.ts';
import { upload } from './benchmarks/upload.ts';

// Bundle first: it builds dist/ when stale, which the in-browser benchmarks then serve.
const BENCHMARKS: Benchmark[] = [bundle, catalogue, upload, roundTrips, dropToVisible];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<number> {
  const options = parseArgs(
    process.argv.slice(2),
    BENCHMARKS.map((b) => b.name),
  );
  if (options.help) {
    console.log(
      `Usage: npm run bench -- [--quick] [--only <name>[,<name>]]\nBenchmarks: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    return 0;
  }
  const ctx: BenchContext = {
    quick: options.quick,
    sizes: options.quick ? QUICK : FULL,
    repoRoot,
    log: (message) => console.error(`[bench] ${message}`),
  };
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg();
  const rows: Row[] = [];
  for (const benchmark of BENCHMARKS) {
    if (options.only.length > 0 && !options.only.includes(benchmark.name)) continue;
    ctx.log(`${benchmark.name}: start`);
    try {
      rows.push(...(await benchmark.run(ctx)));
    } catch (error) {
      rows.push(...notMeasuredRows(benchmark.name, benchmark.figures(ctx), error));
    }
    ctx.log(`${benchmark.name}: done`);
  }
  const file = await writeResults(path.join(repoRoot, 'bench/results'), {
    startedAt,
    finishedAt: new Date().toISOString(),
    quick: options.quick,
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg(),
    },
    rows,
  });
  console.log(formatTable(rows));
  console.log(
    `\nload average at start ${loadAverageAtStart.map((l) => l.toFixed(2)).join(' ')}; results: ${path.relative(repoRoot, file)}`,
  );
  const failures = rows.filter((r) => 'failed' in r && r.failed);
  if (failures.length > 0) {
    console.error(`[bench] ${failures.length} figure(s) FAILED (a benchmark broke, not a slow figure)`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
