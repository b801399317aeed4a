import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FULL, QUICK, type BenchSizes } from './config.ts';
import { parseArgs } from './lib/cli.ts';
import { notMeasuredRows, type BenchContext, type Benchmark } from './lib/benchmark.ts';
import { formatComparison, formatTable, writeResults, type Row } from './lib/report.ts';
import { prepareBaseline, type Variant } from './lib/baseline.ts';
import { DEVICES, useDevice, type DeviceName } from './lib/device.ts';
import { bundle } from './benchmarks/bundle.ts';
import { capture } from './benchmarks/capture.ts';
import { catalogue } from './benchmarks/catalogue.ts';
import { dropToVisible } from './benchmarks/dropToVisible.ts';
import { evidencePackage } from './benchmarks/evidencePackage.ts';
import { evidenceStep } from './benchmarks/evidenceStep.ts';
import { manyFiles } from './benchmarks/manyFiles.ts';
import { markup } from './benchmarks/markup.ts';
import { offlineStart } from './benchmarks/offlineStart.ts';
import { pdfPreview } from './benchmarks/pdfPreview.ts';
import { pin } from './benchmarks/pin.ts';
import { recording } from './benchmarks/recording.ts';
import { roundTrips } from './benchmarks/roundTrips.ts';
import { runs } from './benchmarks/runs.ts';
import { upload } from './benchmarks/upload.ts';
import { uppy } from './benchmarks/uppy.ts';

// Bundle first: it builds dist/ when stale, which the in-browser benchmarks then serve.
const BENCHMARKS: Benchmark[] = [
  bundle,
  catalogue,
  runs,
  upload,
  roundTrips,
  dropToVisible,
  manyFiles,
  markup,
  offlineStart,
  capture,
  recording,
  evidenceStep,
  evidencePackage,
  pdfPreview,
  pin,
  uppy,
];

/**
 * Benchmarks the quick run takes a second time on the tablet profile (scanner Enter is in catalogue).
 * Not the offline start: its tablet pass was CI's longest benchmark (55 s at load 4) for figures the
 * desktop pass and the full run's `--device tablet` give; CI's bench is there to show a regression.
 */
const QUICK_TABLET_PASS = ['drop-to-visible', 'catalogue'];
/**
 * And on the tablet's CPU over good Wi-Fi (tablet-cpu), where the app's own work per file is what a
 * person waits for: one file and 30 files against Uppy (issue 40).
 */
const QUICK_TABLET_CPU_PASS = ['uppy'];
/**
 * CI's run (`--ci`, what `.ci/run` runs): the quick run of the benchmarks whose figures issues ask CI
 * to print: issue 28's tablet pass (drop to listed, scanner Enter), issue 40's cost per file against
 * Uppy with desktop many files, shutter and mark-up save, and the requests per file (bundle builds the
 * app the others serve). Recording, evidence package, pins, runs, PDF preview, offline start and the
 * large upload were 106 s of a 26-minute CI run for figures no issue asks CI for: `--quick` takes them.
 */
const CI_BENCHMARKS = [
  'bundle',
  'catalogue',
  'round-trips',
  'drop-to-visible',
  'many-files',
  'markup',
  'capture',
  'uppy',
];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `BENCH_DROP_REPEATS=<n>`: how many single files a benchmark drops one after another (quick 3, full 5);
 * more give steadier medians of one-file figures on a noisy machine.
 */
function withRepeats(sizes: BenchSizes): BenchSizes {
  const repeats = Number(process.env.BENCH_DROP_REPEATS);
  return Number.isInteger(repeats) && repeats > 0 ? { ...sizes, dropRepeats: repeats } : sizes;
}

async function main(): Promise<number> {
  const options = parseArgs(
    process.argv.slice(2),
    BENCHMARKS.map((b) => b.name),
  );
  if (options.help) {
    console.log(
      `Usage: npm run bench -- [--quick | --ci] [--only <name>[,<name>]] [--baseline <git ref> [--rounds <n>]] [--device desktop|tablet|tablet-cpu|dead-zone-edge]\nBenchmarks: ${BENCHMARKS.map((b) => b.name).join(', ')}\n--ci is CI's run: the quick sizes, the benchmarks whose figures issues ask CI to print.\n--baseline measures that commit's sandbox and app next to this tree's, benchmark by benchmark, and prints after/before ratios; --rounds runs each side n times, in turn (before, after, after, before, ...).\n--device runs every page (the app's and the bare comparisons made from a page) under a tablet's CPU and Wi-Fi (tablet), its CPU alone (tablet-cpu), or the edge of a dead zone.`,
    );
    return 0;
  }
  const ctx: BenchContext = {
    quick: options.quick,
    sizes: withRepeats(options.quick ? QUICK : FULL),
    repoRoot,
    log: (message) => console.error(`[bench] ${message}`),
  };
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg();
  // With --baseline, each benchmark runs against the baseline commit and then this tree, back to back,
  // so both see the same machine state; without it, against this tree only.
  const variants: (Variant | undefined)[] = options.baseline
    ? [
        await prepareBaseline(repoRoot, options.baseline, ctx.log),
        { label: 'after', root: repoRoot, source: 'working tree' },
      ]
    : [undefined];
  // --rounds: before/after, then after/before, and so on (an A/A read the after half of one round
  // 1.11x slower on the 30-file batch, the same code on both sides: the machine drifts during a run).
  const order = roundsOrder(variants, options.rounds);
  const only = options.ci ? CI_BENCHMARKS : options.only;
  const selected = BENCHMARKS.filter((b) => only.length === 0 || only.includes(b.name));
  // The quick run (CI's) also takes the figures a technician feels most on the tablet profile, so a
  // regression there shows in every run; printed, never asserted.
  const passes: { device: DeviceName; benchmarks: Benchmark[] }[] = [
    { device: options.device, benchmarks: selected },
  ];
  const tabletToo = selected.filter((b) => QUICK_TABLET_PASS.includes(b.name));
  const tabletCpuToo = selected.filter((b) => QUICK_TABLET_CPU_PASS.includes(b.name));
  if (options.quick && options.device === 'desktop' && !options.baseline) {
    if (tabletToo.length > 0) passes.push({ device: 'tablet', benchmarks: tabletToo });
    if (tabletCpuToo.length > 0) passes.push({ device: 'tablet-cpu', benchmarks: tabletCpuToo });
  }
  const rows: Row[] = [];
  for (const [index, pass] of passes.entries()) {
    useDevice(pass.device);
    const deviceTag = pass.device === 'desktop' ? {} : { device: pass.device };
    for (const benchmark of pass.benchmarks) {
      const alsoOn = passes
        .slice(index + 1)
        .filter((later) => later.benchmarks.includes(benchmark))
        .map((later) => later.device);
      for (const [round, variant] of order) {
        const label = `${variant ? `${benchmark.name} (${variant.label}: ${variant.source}${options.rounds > 1 ? `, round ${round + 1}` : ''})` : benchmark.name}${pass.device === 'desktop' ? '' : ` on ${pass.device}`}`;
        const variantCtx = { ...ctx, alsoOn, ...(variant ? { repoRoot: variant.root } : {}) };
        ctx.log(`${label}: start`);
        const startedMs = Date.now();
        let measuredRows: Row[];
        try {
          measuredRows = await benchmark.run(variantCtx);
        } catch (error) {
          measuredRows = notMeasuredRows(benchmark.name, benchmark.figures(variantCtx), error);
        }
        rows.push(
          ...measuredRows.map((row) => ({
            ...row,
            ...deviceTag,
            ...(variant
              ? { variant: variant.label, ...(options.rounds > 1 ? { round: round + 1 } : {}) }
              : {}),
          })),
        );
        ctx.log(`${label}: done in ${((Date.now() - startedMs) / 1000).toFixed(0)} s`);
      }
    }
  }
  const file = await writeResults(path.join(repoRoot, 'bench/results'), {
    startedAt,
    finishedAt: new Date().toISOString(),
    quick: options.quick,
    device: options.device,
    variants: options.baseline ? variants.map((v) => ({ label: v!.label, source: v!.source })) : undefined,
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg(),
    },
    rows,
  });
  for (const pass of passes) {
    if (pass.device !== 'desktop') console.log(`[${pass.device}]: ${DEVICES[pass.device].description}`);
  }
  console.log(formatTable(rows));
  if (options.baseline) {
    const [before] = variants;
    const rounds =
      options.rounds > 1 ? ` in ${options.rounds} rounds (each figure the geometric mean of its rounds)` : '';
    console.log(`\nBefore (${before!.source}) and after (working tree), measured in this run${rounds}:\n`);
    console.log(formatComparison(rows));
  }
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

/** Each variant with its round, in the order they run: round 1 as given, round 2 reversed, and so on. */
function roundsOrder<T>(variants: readonly T[], rounds: number): [number, T][] {
  return Array.from({ length: rounds }, (_, round) =>
    (round % 2 === 0 ? [...variants] : [...variants].reverse()).map((variant): [number, T] => [
      round,
      variant,
    ]),
  ).flat();
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
