import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { activeDevice } from './device.ts';

/**
 * Where Chromium traces of measured moments go: `BENCH_TRACE_DIR=<dir> npm run bench -- --only markup`
 * writes one trace per moment the benchmark marks (`traced`), for `npm run bench:trace -- <file>`
 * (bench/traceSummary.ts) or DevTools' Performance panel. Unset (the default, and CI): nothing is
 * traced, so figures are not disturbed by the tracing's own cost.
 */
export function traceDir(): string | null {
  return process.env.BENCH_TRACE_DIR || null;
}

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'blink.user_timing',
  'cc',
  'gpu',
  'v8',
  'v8.execute',
  // BENCH_TRACE_PROFILER=0 leaves JavaScript unsampled: the profiler's own cost (its start alone held the
  // main thread 0.2-0.9 s) then does not stretch the tasks and gaps the trace is read for.
  ...(process.env.BENCH_TRACE_PROFILER === '0' ? [] : ['disabled-by-default-v8.cpu_profiler']),
  // More for one run, e.g. `disabled-by-default-devtools.timeline.invalidationTracking` (what made a
  // style recalculation necessary, node by node): counts, which the machine's load does not change.
  ...(process.env.BENCH_TRACE_CATEGORIES?.split(',').filter(Boolean) ?? []),
].join(',');

/**
 * Runs `body` under a Chromium trace of `page` when `BENCH_TRACE_DIR` is set, saved as
 * `<dir>/<name>.<device>.json`; otherwise just runs it.
 */
export async function traced<T>(page: Page, name: string, body: () => Promise<T>): Promise<T> {
  const dir = traceDir();
  const browser = page.context().browser() as Browser | null;
  if (!dir || !browser) return body();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.${activeDevice().name}.json`);
  await browser.startTracing(page, { path: file, categories: CATEGORIES.split(',') });
  try {
    return await body();
  } finally {
    await browser.stopTracing();
  }
}

/**
 * Once a notice shows, has stopped moving and the page's room for it is set (useNoticeRoom), and a
 * few frames more for its paint: the trace's tail. Gives up quietly after a few seconds (a trace is
 * still worth reading without it).
 */
export async function noticeSettled(page: Page): Promise<void> {
  await page
    .evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const until = performance.now() + 5_000;
      const stack = () => document.querySelector('.mantine-Notifications-root');
      while (performance.now() < until && !stack()?.querySelector('.mantine-Notification-root'))
        await frame();
      while (performance.now() < until && stack()!.getAnimations({ subtree: true }).length > 0) await frame();
      const root = document.documentElement.style;
      while (performance.now() < until && !root.getPropertyValue('scroll-padding-bottom')) await frame();
      for (let i = 0; i < 4; i++) await frame();
    })
    .catch(() => undefined);
}
