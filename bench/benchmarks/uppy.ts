import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { APP_UPLOAD_CONCURRENCY, TIMEOUTS } from '../config.ts';
import { attempt, type BenchContext, type Benchmark } from '../lib/benchmark.ts';
import { sendableOverDevice } from '../lib/device.ts';
import { watchMemory, type MemorySamples } from '../lib/memory.ts';
import { apiClient, attachAll, partAttachmentNames, partEntityId, type ApiClient } from '../lib/apiClient.ts';
import { openRecordPage } from '../lib/browser.ts';
import { dropFiles, dropUntilListed } from '../lib/drop.ts';
import { namingDir, sizeLabel, sourceFile } from '../lib/files.ts';
import { longestTask, recordLongTasks, shownAt, watchCount } from '../lib/pageClock.ts';
import { freePort } from '../lib/ports.ts';
import { measured, type Measured, type Row } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';
import { mbPerSecond, median, now } from '../lib/stats.ts';
import { openUppyPage, startUppyServer, type UppyServer } from '../lib/uppyPage.ts';

const NAME = 'uppy';
/** Records each side attaches to: the app's first, Uppy's second, so that each scenario starts alike. */
const PARTS = {
  single: { app: 1, Uppy: 2 },
  many: { app: 3, Uppy: 4 },
  reload: { app: 5, Uppy: 6 },
  big: { app: 7, Uppy: 8 },
};
const MB = 1024 * 1024;
const BIG_BYTES = 1024 * MB;
/** Attachments both batch records hold before the first batch (the earlier trial's 100). */
const ONTO = 100;

const batchCounts = (ctx: BenchContext) => (ctx.quick ? [ctx.sizes.manyFilesDropped] : [30, 100]);
const reloadCount = (ctx: BenchContext) => (ctx.quick ? 9 : 30);

/** Full runs only: a 1 GB file's throughput, and what the page and Chromium hold meanwhile. */
const bigFigures = (ctx: BenchContext) =>
  ctx.quick
    ? []
    : [
        `${sizeLabel(BIG_BYTES)} file: drop to registered, app / Uppy`,
        `${sizeLabel(BIG_BYTES)}: JS heap growth, app / Uppy`,
        `${sizeLabel(BIG_BYTES)}: browser RSS growth, app / Uppy`,
      ];

const figures = (ctx: BenchContext) => [
  `${sizeLabel(ctx.sizes.smallFileBytes)} file: drop to registered, app / Uppy`,
  ...batchCounts(ctx).flatMap((n) => [
    `${n} files onto a record: drop to all registered, app / Uppy`,
    `${n} files: longest main-thread task, app / Uppy`,
  ]),
  `reload mid-batch (${reloadCount(ctx)} files): drop to all registered once, app / Uppy`,
  ...bigFigures(ctx),
];

/** One side of the comparison: a page where files are dropped and registered names are listed. */
interface Side {
  label: 'app' | 'Uppy';
  open(part: number): Promise<Page>;
}

function sides(browser: Browser, appPage: Page, server: UppyServer, client: ApiClient): Side[] {
  return [
    {
      label: 'app',
      async open(part) {
        await openRecordPage(appPage, `/parts/${part}`);
        return appPage;
      },
    },
    {
      label: 'Uppy',
      async open(part) {
        const entityId = await partEntityId(client, part);
        return openUppyPage(browser, server, client, entityId, APP_UPLOAD_CONCURRENCY, recordLongTasks);
      },
    },
  ];
}

/** The app's figure against Uppy's (ms unless told), as one row: ratio app / Uppy. */
function versus(figure: string, app: number, uppy: number, note: string, unit = 'ms'): Measured {
  return measured(
    NAME,
    figure,
    { value: app, unit },
    { label: 'Uppy 5 (core + aws-s3 + golden-retriever), same page setup', value: uppy, unit },
    { note },
  );
}

/** The number in "Attachments (n)" of the page's heading (0 when none). */
async function listedCount(page: Page): Promise<number> {
  const text = (await page.locator('#attachments-heading').textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? 0);
}

/** What a side's page shows when a wait ran out: which side, and (the app) its queue's rows. */
async function pageState(label: string, page: Page): Promise<string> {
  const shown = await page
    .locator('body')
    .innerText({ timeout: 5_000 })
    .catch((error: unknown) => `(page not readable: ${String(error)})`);
  return `; ${label}'s page shows: ${shown.replace(/\s+/g, ' ').slice(0, 1200)}`;
}

/** Polls the API until `names` are all attached to the part; returns the Node clock then. */
async function attachedViaApi(
  client: ApiClient,
  part: number,
  names: string[],
  atLeast: number,
  timeoutMs: number,
  describe: () => Promise<string> = async () => '',
): Promise<number> {
  const deadline = now() + timeoutMs;
  for (;;) {
    const attached = new Set(await partAttachmentNames(client, part));
    const count = names.filter((n) => attached.has(n)).length;
    if (count >= atLeast) return now();
    if (now() > deadline)
      throw new Error(
        `${count} of ${names.length} files attached within ${timeoutMs / 1000} s (${atLeast} awaited)${await describe()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The app measured against Uppy, in one run, same sandbox, same files, same Chromium, same device
 * profile: a bare page (bench/uppy/page.ts) drives Uppy to the same ticket, PUT and registration.
 */
export const uppy: Benchmark = {
  name: NAME,
  figures,
  async run(ctx) {
    const all = figures(ctx);
    const [singleFigure] = all as [string];
    const reloadFigure = all[1 + 2 * batchCounts(ctx).length]!;
    const names = await namingDir();
    const uppyPort = await freePort();
    try {
      const source = await sourceFile(ctx.sizes.smallFileBytes);
      const body = new Uint8Array(await readFile(source));
      const sandboxOptions = { allowedOrigins: [`http://127.0.0.1:${uppyPort}`] };
      return await withSandbox(ctx.repoRoot, sandboxOptions, async (sandbox, appPort) => {
        const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
        for (const part of [PARTS.many.app, PARTS.many.Uppy]) {
          await attachAll(client, body, await partEntityId(client, part), 'existing', ONTO, 8);
        }
        const server = await startUppyServer(uppyPort);
        try {
          return await withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ browser, page }) => {
            await recordLongTasks(page);
            const both = sides(browser, page, server, client);
            const rows: Row[] = [];
            const file = (side: Side, name: string) => names.unique(source, `${side.label}-${name}`);

            rows.push(
              ...(await attempt(NAME, [singleFigure], async () => {
                const times: Record<string, number[]> = { app: [], Uppy: [] };
                for (const side of both) {
                  const sidePage = await side.open(PARTS.single[side.label]);
                  for (let i = 0; i < ctx.sizes.dropRepeats; i++) {
                    const dropped = await file(side, `single-${Date.now()}-${i}.bin`);
                    times[side.label]!.push((await dropUntilListed(sidePage, [dropped], TIMEOUTS.uiMs)).ms);
                  }
                  if (sidePage !== page) await sidePage.context().close();
                }
                const [app, up] = [median(times.app!), median(times.Uppy!)];
                return [
                  versus(
                    singleFigure,
                    app,
                    up,
                    `median of ${times.app!.length} each; drop to listed (app) / to registered and listed (Uppy)`,
                  ),
                ];
              })),
            );

            for (const [index, count] of batchCounts(ctx).entries()) {
              const [batchFigure, taskFigure] = all.slice(1 + index * 2, 3 + index * 2) as [string, string];
              rows.push(
                ...(await attempt(NAME, [batchFigure, taskFigure], async () => {
                  const result: Record<string, { ms: number; task: number; before: number }> = {};
                  for (const side of both) {
                    const sidePage = await side.open(PARTS.many[side.label]);
                    const paths: string[] = [];
                    for (let i = 0; i < count; i++)
                      paths.push(await file(side, `batch${count}-${String(i).padStart(4, '0')}.bin`));
                    // The app lists what the record held; Uppy's page counts only what it registered.
                    if (side.label === 'app') {
                      await watchCount(sidePage, 'attachments-heading', ONTO);
                      await shownAt(sidePage, TIMEOUTS.uiMs, 'the attached files');
                    }
                    const before = await listedCount(sidePage);
                    await watchCount(sidePage, 'attachments-heading', before + count);
                    const droppedAt = await dropFiles(sidePage, paths);
                    const listedAt = await shownAt(
                      sidePage,
                      TIMEOUTS.uiMs * Math.max(1, count / 5),
                      `all ${count} files`,
                    );
                    result[side.label] = {
                      ms: listedAt - droppedAt,
                      task: await longestTask(sidePage, droppedAt, listedAt),
                      before,
                    };
                    if (sidePage !== page) await sidePage.context().close();
                  }
                  const { app, Uppy: up } = result as Record<
                    'app' | 'Uppy',
                    { ms: number; task: number; before: number }
                  >;
                  return [
                    versus(
                      batchFigure,
                      app.ms,
                      up.ms,
                      `the app's record listed ${app.before} before the drop; Uppy's held as many (${ONTO} at first); ${APP_UPLOAD_CONCURRENCY} in flight on both sides`,
                    ),
                    versus(
                      taskFigure,
                      app.task,
                      up.task,
                      'Long Tasks API, from the drop until all are registered; 0 means no task over 50 ms',
                    ),
                  ];
                })),
              );
            }

            rows.push(
              ...(await attempt(NAME, [reloadFigure], async () => {
                const count = reloadCount(ctx);
                const result: Record<string, { ms: number; missing: string[]; twice: string[] }> = {};
                for (const side of both) {
                  const part = PARTS.reload[side.label];
                  const sidePage = await side.open(part);
                  const paths: string[] = [];
                  for (let i = 0; i < count; i++)
                    paths.push(await file(side, `reload-${String(i).padStart(4, '0')}.bin`));
                  const wanted = paths.map((p) => path.basename(p));
                  const start = now();
                  await dropFiles(sidePage, paths);
                  const describe = () => pageState(side.label, sidePage);
                  // Reloaded once a third are attached: the rest are queued or on their way.
                  await attachedViaApi(
                    client,
                    part,
                    wanted,
                    Math.ceil(count / 3),
                    TIMEOUTS.uiMs * 4,
                    describe,
                  );
                  await sidePage.reload();
                  const allAttached = attachedViaApi(
                    client,
                    part,
                    wanted,
                    count,
                    TIMEOUTS.uiMs * Math.max(1, count / 3),
                    describe,
                  );
                  // The app losing a file is a defect and fails the figure. Uppy can: Golden Retriever
                  // keeps its list of files on a throttle and each file's bytes in IndexedDB as it goes,
                  // so a reload before both are written leaves a file it no longer has (a "ghost"), and
                  // what never arrives is counted as missing, not a broken benchmark.
                  const done =
                    side.label === 'app'
                      ? await allAttached
                      : await allAttached.catch((error: unknown) => {
                          ctx.log(`uppy: Uppy after the reload: ${String(error)}`);
                          return Number.NaN;
                        });
                  // Late registrations (a second one of a file) would come after the last first one.
                  await new Promise((resolve) => setTimeout(resolve, 2_000));
                  const attached = await partAttachmentNames(client, part);
                  result[side.label] = {
                    ms: done - start,
                    missing: wanted.filter((n) => !attached.includes(n)),
                    twice: wanted.filter((n) => attached.filter((a) => a === n).length > 1),
                  };
                  if (sidePage !== page) await sidePage.context().close();
                }
                const app = result.app!;
                const up = result.Uppy!;
                if (app.missing.length > 0 || app.twice.length > 0) {
                  throw new Error(
                    `the app after a reload: ${app.missing.length} file(s) missing, ${app.twice.length} attached twice (${[...app.missing, ...app.twice].slice(0, 3).join(', ')})`,
                  );
                }
                const uppyCount =
                  up.missing.length + up.twice.length === 0
                    ? 'each once'
                    : `${up.missing.length} never attached after the reload, ${up.twice.length} attached twice`;
                return [
                  versus(
                    reloadFigure,
                    app.ms,
                    up.ms,
                    `reloaded when a third were attached; checked via the API: app each once, Uppy ${uppyCount}`,
                  ),
                ];
              })),
            );
            const big = bigFigures(ctx);
            if (big.length > 0) {
              rows.push(
                ...(await attempt(NAME, big, async () => {
                  sendableOverDevice(BIG_BYTES);
                  const bigSource = await sourceFile(BIG_BYTES);
                  const result: Record<string, { ms: number } & MemorySamples> = {};
                  for (const side of both) {
                    const sidePage = await side.open(PARTS.big[side.label]);
                    const dropped = await names.named(bigSource, `${side.label}-big.bin`);
                    const memory = await watchMemory(sidePage);
                    const listed = dropUntilListed(
                      sidePage,
                      [dropped],
                      TIMEOUTS.uiMs + (TIMEOUTS.uploadPerMbMs * BIG_BYTES) / MB,
                    );
                    const samples = await memory.sample(listed);
                    result[side.label] = { ms: (await listed).ms, ...samples };
                    if (sidePage !== page) await sidePage.context().close();
                  }
                  const app = result.app!;
                  const up = result.Uppy!;
                  const rate = (ms: number) => `${mbPerSecond(BIG_BYTES, ms).toFixed(0)} MB/s`;
                  const [whole, heap, rss] = big as [string, string, string];
                  return [
                    versus(whole, app.ms, up.ms, `app ${rate(app.ms)}, Uppy ${rate(up.ms)}; one PUT each`),
                    versus(
                      heap,
                      app.heapGrowth / MB,
                      up.heapGrowth / MB,
                      'peak JSHeapUsedSize minus before',
                      'MB',
                    ),
                    versus(
                      rss,
                      app.rssGrowth / MB,
                      up.rssGrowth / MB,
                      'peak summed VmRSS of all Chromium processes minus before',
                      'MB',
                    ),
                  ];
                })),
              );
            }
            return rows;
          });
        } finally {
          await server.stop();
        }
      });
    } finally {
      await names.remove();
    }
  },
};
