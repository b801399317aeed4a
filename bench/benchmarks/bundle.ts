import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
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

/** The files the built service worker precaches: its injected manifest's URLs (relative to dist), once each. */
function precachedFiles(dist: string): string[] {
  const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const urls = new Set(Array.from(worker.matchAll(/"url":"([^"]+)"/g), (match) => match[1]!));
  if (urls.size === 0) throw new Error('dist/sw.js lists no precached file');
  return [...urls];
}

/** `assets/x.js` files a built chunk imports statically (what the browser fetches with it, not `import()`). */
function staticImports(dist: string, file: string): string[] {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const dir = path.posix.dirname(file);
  return Array.from(
    code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g),
    (match) => path.posix.normalize(path.posix.join(dir, match[1]!)),
  );
}

/** `roots` and every file they import statically, transitively. */
function staticClosure(dist: string, roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(path.join(dist, file))) continue;
    seen.add(file);
    queue.push(...staticImports(dist, file));
  }
  return [...seen];
}

/** Gzipped JS and CSS before the first page, and each lazily loaded JS chunk, against the budget. */
export const bundle: Benchmark = {
  name: NAME,
  figures: () => [
    'initial JS (gzip)',
    'JS before the first screen (gzip)',
    'initial CSS (gzip)',
    'route chunks (gzip)',
    'offline precache, first visit (gzip)',
  ],
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
    // The entry only listens for a scanner and fetches config.json; the screens (appView) load beside
    // it. What the first screen needs in all, whichever order it arrives in:
    const view = readdirSync(path.join(dist, 'assets')).filter((f) => /^appView-.*\.js$/.test(f));
    const firstScreen = staticClosure(dist, [...scripts, ...view.map((f) => `assets/${f}`)]);
    rows.push(
      measured(
        NAME,
        'JS before the first screen (gzip)',
        kb(sum(firstScreen)),
        { label: 'initial JS', ...kb(initialJs) },
        { note: `${firstScreen.length} file(s): the entry, the screens and what they import` },
      ),
    );
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
    // WebAssembly is fetched only by the feature that needs it (HEIC decoding, camera barcodes) and is
    // precached for offline use: not in the JS budgets, but a cost each tablet downloads once.
    for (const wasm of readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.wasm'))) {
      const file = path.join(dist, 'assets', wasm);
      rows.push(
        measured(
          NAME,
          `wasm ${wasm} (gzip)`,
          kb(gzipBytes(file)),
          { label: 'uncompressed', ...kb(statSync(file).size) },
          { note: 'loaded on demand; precached for offline' },
        ),
      );
    }
    const precached = precachedFiles(dist);
    const precacheGzip = precached.reduce((total, f) => total + gzipBytes(path.join(dist, f)), 0);
    rows.push(
      measured(
        NAME,
        'offline precache, first visit (gzip)',
        kb(precacheGzip),
        { label: 'initial JS + CSS', ...kb(initialJs + initialCss) },
        {
          note: `${precached.length} files, ${(precached.reduce((t, f) => t + statSync(path.join(dist, f)).size, 0) / KB / KB).toFixed(1)} MB uncompressed: what the service worker fetches once so every page works offline`,
        },
      ),
    );
    return rows;
  },
};
