import { chromium, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { writeQrVideo } from '../../e2e/fake-camera.ts';
import { fakeMediaLaunchOptions, writeToneWav } from '../../e2e/media-support.ts';
import { apiClient, gql, type ApiClient } from '../lib/apiClient.ts';
import { attempt, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { startApp } from '../lib/appServer.ts';
import { signedInPage } from '../lib/browser.ts';
import { watchMemory } from '../lib/memory.ts';
import { measured, type Row } from '../lib/report.ts';
import { withSandbox } from '../lib/stack.ts';
import { traced } from '../lib/trace.ts';

const NAME = 'recording';
const CLIP = [
  'Start recording tap to recording (clip)',
  'Stop tap to clip in the upload queue',
  'longest main-thread task while recording a clip',
  'JS heap growth while recording a clip',
  'clip bytes per minute',
];
const VOICE = [
  'voice note tap to recording',
  'Stop tap to voice note in the upload queue',
  'voice note bytes per minute',
];

/** Seconds recorded: the minute in the full run, 15 s in CI's quick one. */
const seconds = (ctx: BenchContext) => (ctx.quick ? 15 : 60);

/**
 * The app's limits a minute above what the bench records: at the limit a recording stops by itself,
 * and the bench's Stop tap (what it times) would find no Stop button. Served in place of config.json's
 * (the service worker is blocked so that the page's own request is the one answered).
 */
async function roomToRecord(context: BrowserContext, ctx: BenchContext): Promise<void> {
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    const limit = seconds(ctx) + 60;
    await route.fulfill({ response, json: { ...config, maxClipSeconds: limit, maxVoiceSeconds: limit } });
  });
}

/** Collects the page's long tasks from now on, for `longestTask`. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number; __longTasks: string[] };
    w.__longest = 0;
    w.__longTasks = [];
    const from = performance.now();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__longest = Math.max(w.__longest, entry.duration);
        if (entry.duration > 50)
          w.__longTasks.push(
            `${Math.round(entry.duration)} ms at ${((entry.startTime - from) / 1000).toFixed(1)} s`,
          );
      }
    }).observe({ type: 'longtask' });
  });
}
const longestTask = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longest: number }).__longest);
/** The tasks over 50 ms, each with when it began after the watch started: where the note says. */
const longTasksOver50 = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longTasks: string[] }).__longTasks);

/**
 * A tap at `target`'s centre, its box found before (Playwright's `click` runs its hit-target checks
 * in the page's main thread at the moment of the click: tasks of 100-230 ms on the tablet profile that
 * the long-task watch took for the app's).
 */
async function tapAt(page: Page, target: Locator): Promise<() => Promise<void>> {
  await target.waitFor();
  // A control drawn before it is live (the camera's stream still starting) ignores a tap.
  await (await target.elementHandle())?.waitForElementState('enabled');
  const measure = async () => {
    const box = await target.boundingBox();
    if (!box) throw new Error('nothing to tap');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  let point = await measure();
  return async () => {
    // The dialog may have moved since the box was measured (its preview settling): a tap beside the
    // button left the figure waiting 30 s for a recording that never started (CI, 2026-12-01).
    const hits = await target.evaluate(
      (element, { x, y }) => element.contains(document.elementFromPoint(x, y)),
      point,
    );
    if (!hits) point = await measure();
    await page.mouse.click(point.x, point.y);
  };
}

/**
 * Until an element matching `css` is in the page: a plain `querySelector` every 50 ms, not a
 * role locator (whose accessibility checks in the page are themselves long tasks at CPU 4×).
 */
const present = (page: Page, css: string) => () =>
  page
    .waitForFunction((css) => document.querySelector(css) !== null, css, { polling: 50 })
    .then(() => undefined);

/** Taps `tap` and times, from the page's clock, until `until` shows. */
async function timed(page: Page, tap: () => Promise<void>, until: () => Promise<void>): Promise<number> {
  const start = await page.evaluate(() => performance.now());
  await tap();
  await until();
  return (await page.evaluate(() => performance.now())) - start;
}

/** The stored size of run step 3's newest attachment named as a `kind` capture, once it is attached. */
async function attachedBytes(page: Page, client: ApiClient, kind: 'clip' | 'voice'): Promise<number> {
  await page
    .getByRole('listitem', { name: new RegExp(`-${kind}-.*: Attached$`) })
    .last()
    .waitFor({
      timeout: 120_000,
    });
  const { data } = await gql<{
    runStep: { entity: { fileAttachments: { id: number; filename: string; downloadUrl: string }[] } };
  }>(client, `query { runStep(id: 3) { entity { fileAttachments { id filename downloadUrl } } } }`);
  const newest = data.runStep.entity.fileAttachments
    .filter((attachment) => attachment.filename.includes(`-${kind}-`))
    .sort((a, b) => b.id - a.id)[0];
  if (!newest) throw new Error(`no ${kind} attached to run step 3`);
  const response = await fetch(newest.downloadUrl);
  const bytes = (await response.arrayBuffer()).byteLength;
  return bytes;
}

/**
 * Until the recording timer shows the run's length or more (the recorder's own clock, not the
 * bench's): on the tablet profile under load a poll can miss the one second it shows "1:00".
 */
function recorded(page: Page, ctx: BenchContext): Promise<unknown> {
  const length = seconds(ctx);
  return page.waitForFunction(
    (length) => {
      const shown = /^(\d+):(\d\d) \//.exec(
        document.querySelector('[data-testid="recording-timer"]')?.textContent ?? '',
      );
      return !!shown && Number(shown[1]) * 60 + Number(shown[2]) >= length;
    },
    length,
    { timeout: (length + 60) * 1000, polling: 250 },
  );
}

/** Taps Stop and times until the capture's row is in the upload queue. */
function stopToQueue(page: Page, stop: Locator, kind: 'clip' | 'voice'): Promise<number> {
  return timed(
    page,
    () => stop.click(),
    () =>
      page
        .getByRole('listitem', { name: new RegExp(`-${kind}-`) })
        .last()
        .waitFor(),
  );
}

async function recordClip(page: Page, client: ApiClient, ctx: BenchContext): Promise<Row[]> {
  await page.goto('/run-steps/3');
  await page.getByRole('button', { name: 'Take photo' }).click();
  const camera = page.getByRole('dialog', { name: /^Photos for / });
  await camera.getByText('Video', { exact: true }).click();
  const start = await tapAt(page, camera.getByRole('button', { name: 'Start recording' }));
  const memory = await watchMemory(page);
  const { startMs, samples } = await traced(page, 'recording-clip', async () => {
    // Watched once the trace has started: the profiler's own start is a long task of its own.
    await watchLongTasks(page);
    const startMs = await timed(
      page,
      start,
      present(page, '[role="dialog"] button[aria-label="Stop recording"]'),
    );
    return { startMs, samples: await memory.sample(recorded(page, ctx)) };
  });
  const longest = await longestTask(page);
  const over = await longTasksOver50(page);
  const stopMs = await stopToQueue(page, camera.getByRole('button', { name: 'Stop recording' }), 'clip');
  const bytes = await attachedBytes(page, client, 'clip');
  return [
    measured(NAME, CLIP[0]!, { value: startMs, unit: 'ms' }),
    measured(NAME, CLIP[1]!, { value: stopMs, unit: 'ms' }),
    measured(
      NAME,
      CLIP[2]!,
      { value: longest, unit: 'ms' },
      { label: 'target', value: 50, unit: 'ms' },
      {
        overBudget: longest > 50,
        note: `${seconds(ctx)} s recorded; over 50 ms: ${over.length ? over.join(', ') : 'none'} (from the tap)`,
      },
    ),
    measured(
      NAME,
      CLIP[3]!,
      { value: samples.heapGrowth / 1024 / 1024, unit: 'MB' },
      { label: 'target', value: 30, unit: 'MB' },
      { overBudget: samples.heapGrowth > 30 * 1024 * 1024, note: `${seconds(ctx)} s recorded` },
    ),
    measured(NAME, CLIP[4]!, { value: ((bytes / seconds(ctx)) * 60) / 1024 / 1024, unit: 'MB' }),
  ];
}

async function recordVoice(page: Page, client: ApiClient, ctx: BenchContext): Promise<Row[]> {
  await page.goto('/run-steps/3');
  const button = page.getByRole('button', { name: 'Record voice note' });
  await button.waitFor();
  const startMs = await timed(
    page,
    () => button.click(),
    () => page.getByRole('button', { name: 'Stop the voice note' }).waitFor(),
  );
  await recorded(page, ctx);
  const stopMs = await stopToQueue(page, page.getByRole('button', { name: 'Stop the voice note' }), 'voice');
  const bytes = await attachedBytes(page, client, 'voice');
  return [
    measured(NAME, VOICE[0]!, { value: startMs, unit: 'ms' }),
    measured(NAME, VOICE[1]!, { value: stopMs, unit: 'ms' }),
    measured(NAME, VOICE[2]!, { value: ((bytes / seconds(ctx)) * 60) / 1024, unit: 'KB' }),
  ];
}

export const recording: Benchmark = {
  name: NAME,
  figures: () => [...CLIP, ...VOICE],
  async run(ctx: BenchContext): Promise<Row[]> {
    return withSandbox(ctx.repoRoot, {}, async (sandbox, appPort) => {
      const app = await startApp(ctx.repoRoot, appPort, sandbox.url, ctx.log);
      const browser = await chromium.launch(
        fakeMediaLaunchOptions(writeQrVideo(`${app.origin}/run-steps/1`), writeToneWav(seconds(ctx) + 5)),
      );
      try {
        const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
        const { context, page } = await signedInPage(browser, app.origin, {
          permissions: ['camera', 'microphone'],
          serviceWorkers: 'block',
        });
        await roomToRecord(context, ctx);
        return [
          ...(await attempt(NAME, CLIP, () => recordClip(page, client, ctx))),
          ...(await attempt(NAME, VOICE, () => recordVoice(page, client, ctx))),
        ];
      } finally {
        await browser.close();
        await app.stop();
      }
    });
  },
};
