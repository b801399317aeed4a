import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUNDLE_BUDGET } from '../config.ts';
import { NotReady, type Benchmark } from '../lib/benchmark.ts';
import { initialAssets } from '../lib/bundleAssets.ts';
import { ensureFreshDist } from '../lib/distBuild.ts';
import { measured, type Row } from '../lib/report.ts';

const NAME = 'bundle';
const KB = 1024;

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file)).length;
}

/** Gzipped JS and CSS before the first page, and each lazily loaded JS chunk, against the budget. */
export const bundle: Benchmark = {
  name: NAME,
  figures: () => ['initial JS (gzip)', 'initial CSS (gzip)', 'route chunks (gzip)'],
  async run(ctx) {
    if (!existsSync(path.join(ctx.repoRoot, 'src/main.tsx')))
      throw new NotReady('the app (src/main.tsx) is not there yet');
    await ensureFreshDist(ctx.repoRoot, ctx.log);
    const dist = path.join(ctx.repoRoot, 'dist');
    const { scripts, styles } = initialAssets(readFileSync(path.join(dist, 'index.html'), 'utf8'));
    if (scripts.length === 0) throw new Error('dist/index.html lists no module script');
    const sum = (files: string[]) => files.reduce((total, f) => total + gzipBytes(path.join(dist, f)), 0);
    const kb = (bytes: number) => ({ value: bytes / KB, unit: 'KB' });
    const initialJs = sum(scripts);
    const initialCss = sum(styles);
    const rows: Row[] = [
      measured(
        NAME,
        'initial JS (gzip)',
        kb(initialJs),
        { label: 'budget', ...kb(BUNDLE_BUDGET.initialJsGzipBytes) },
        {
          overBudget: initialJs > BUNDLE_BUDGET.initialJsGzipBytes,
          note: `${scripts.length} file(s)`,
        },
      ),
      measured(
        NAME,
        'initial CSS (gzip)',
        kb(initialCss),
        { label: 'budget', ...kb(BUNDLE_BUDGET.initialCssGzipBytes) },
        {
          overBudget: initialCss > BUNDLE_BUDGET.initialCssGzipBytes,
          note: `${styles.length} file(s)`,
        },
      ),
    ];
    const initial = new Set(scripts);
    const chunks = readdirSync(path.join(dist, 'assets'))
      .map((f) => `assets/${f}`)
      .filter((f) => f.endsWith('.js') && !initial.has(f))
      .map((f) => ({ file: f, bytes: gzipBytes(path.join(dist, f)) }))
      .sort((a, b) => b.bytes - a.bytes);
    if (chunks.length === 0) {
      rows.push({
        benchmark: NAME,
        figure: 'route chunks (gzip)',
        notMeasured: 'the build has no lazily loaded chunk: every route is in the initial JS',
      });
    }
    for (const chunk of chunks) {
      rows.push(
        measured(
          NAME,
          `chunk ${chunk.file.replace(/^assets\//, '')}`,
          kb(chunk.bytes),
          { label: 'budget', ...kb(BUNDLE_BUDGET.routeChunkGzipBytes) },
          {
            overBudget: chunk.bytes > BUNDLE_BUDGET.routeChunkGzipBytes,
          },
        ),
      );
    }
    return rows;
  },
};
