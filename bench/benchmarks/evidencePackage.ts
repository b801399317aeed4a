import type { Page } from '@playwright/test';
import { TIMEOUTS } from '../config.ts';
import { attempt, NotReady, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import {
  apiClient,
  attachMany,
  curlPut,
  gql,
  register,
  requestTicket,
  type ApiClient,
} from '../lib/apiClient.ts';
import type { CountingProxy } from '../lib/countingProxy.ts';
import { sizeLabel, sourceFile } from '../lib/files.ts';
import { watchMemory } from '../lib/memory.ts';
import { chromiumRssByRole } from '../lib/processStats.ts';
import { armEventClock, eventAt, shownAt, watchSelector } from '../lib/pageClock.ts';
import { measured, type Row } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';
import { breakdown } from './roundTrips.ts';

const NAME = 'evidence-package';
/** A seeded run whose procedure has file fields (sandbox/src/db/factory-catalogue.ts). */
const RUN_TITLE = 'BRKT-0001 Rev C, SN 0042';
/** Signed URLs one PackageDownloadUrls query asks for (src/features/evidence-package/packageDocuments.ts). */
const URL_BATCH = 5;
/** The issue's memory target for a package, whatever its size. */
const MEMORY_TARGET_MB = 100;
const MB = 1024 * 1024;

const label = (ctx: BenchContext) =>
  `${ctx.sizes.packageFiles} files of ${sizeLabel(ctx.sizes.smallFileBytes)} + ${sizeLabel(ctx.sizes.packageBigBytes)}`;
const figures = (ctx: BenchContext) => [
  `package ${label(ctx)}: Download to saved`,
  'JS heap growth during the package',
  'browser RSS growth during the package',
  'browser RSS growth, the same files fetched bare',
  'URL queries during the package',
  'storage GETs during the package',
];

interface Seeded {
  runId: number;
  bytes: number;
}

/** The run's entities (run, steps, fields) and the small files spread over them, the big one on the run. */
async function seed(ctx: BenchContext, client: ApiClient): Promise<Seeded> {
  const { data } = await gql<{
    runs: {
      edges: {
        node: {
          id: number;
          entity: { id: number };
          steps: { entity: { id: number }; fields: { type: string; entity: { id: number } }[] }[];
        };
      }[];
    };
  }>(
    client,
    `query BenchPackageRun($title: String!) {
      runs(filters: { title: { eq: $title } }, first: 1) {
        edges { node { id entity { id } steps { entity { id } fields { type entity { id } } } } }
      }
    }`,
    { title: RUN_TITLE },
  );
  const run = data.runs.edges[0]?.node;
  if (!run) throw new NotReady(`the sandbox has no run "${RUN_TITLE}"`);
  const entities = run.steps.flatMap((step) => [
    step.entity.id,
    ...step.fields.filter((field) => field.type === 'FILE_ATTACHMENT').map((field) => field.entity.id),
  ]);
  const { packageFiles, smallFileBytes, packageBigBytes } = ctx.sizes;
  const small = new Uint8Array(smallFileBytes);
  crypto.getRandomValues(small.subarray(0, Math.min(small.length, 65_536)));
  ctx.log(`evidence package: attaching ${packageFiles} files over ${entities.length} steps and fields`);
  await attachMany(
    client,
    small,
    Array.from({ length: packageFiles }, (_, n) => ({
      entityId: entities[n % entities.length]!,
      filename: `photo-${String(n).padStart(4, '0')}.jpg`,
    })),
    8,
  );
  ctx.log(`evidence package: attaching ${sizeLabel(packageBigBytes)} to the run with curl`);
  const { ticket } = await requestTicket(client, 'machine-log.bin');
  const put = await curlPut(ticket, await sourceFile(packageBigBytes));
  await register(client, {
    filename: 'machine-log.bin',
    s3Key: ticket.s3Key,
    s3Etag: put.etag,
    entityId: run.entity.id,
  });
  return { runId: run.id, bytes: packageFiles * smallFileBytes + packageBigBytes };
}

/** Each Chromium role's RSS growth at its own peak until `done` settles, largest first: "renderer +80 MB, …". */
async function growthByRole(done: Promise<unknown>): Promise<string> {
  const before = chromiumRssByRole(process.pid, true);
  const peaks = new Map<string, number>();
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => undefined);
  while (!finished) {
    for (const [role, bytes] of chromiumRssByRole(process.pid, true))
      peaks.set(role, Math.max(peaks.get(role) ?? 0, bytes));
    await Promise.race([done, new Promise((r) => setTimeout(r, 200))]).catch(() => undefined);
  }
  return [...peaks]
    .map(([role, peak]) => [role, peak - (before.get(role) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([role, growth]) => `${role} ${growth >= 0 ? '+' : ''}${(growth / MB).toFixed(0)} MB`)
    .join(', ');
}

/** The page's service worker controls it (it feeds the download), reloading once if it must. */
async function workerInCharge(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * The same files fetched bare from the page one after another, in the package's order: their signed URLs
 * asked five at a time as the app asks them, each body read to its end and dropped. Page clock, ms.
 */
async function bareFetches(
  page: Page,
  client: ApiClient,
  ids: number[],
): Promise<{ ms: number; bytes: number }> {
  return page.evaluate(
    async ({ graphqlUrl, token, ids, batch }) => {
      const urlsOf = async (some: number[]) => {
        const query = `query BareUrls { ${some.map((id, i) => `f${i}: fileAttachment(id: ${id}) { id downloadUrl }`).join(' ')} }`;
        const response = await fetch(graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query }),
        });
        const { data } = (await response.json()) as { data: Record<string, { downloadUrl: string }> };
        return some.map((_, i) => data[`f${i}`]!.downloadUrl);
      };
      const start = performance.now();
      let bytes = 0;
      for (let at = 0; at < ids.length; at += batch) {
        for (const url of await urlsOf(ids.slice(at, at + batch))) {
          const response = await fetch(url, { cache: 'no-store', credentials: 'omit' });
          if (!response.ok) throw new Error(`bare GET in the page: ${response.status}`);
          const reader = response.body!.getReader();
          for (let read = await reader.read(); !read.done; read = await reader.read())
            bytes += read.value.length;
        }
      }
      return { ms: performance.now() - start, bytes };
    },
    { graphqlUrl: client.graphqlUrl, token: client.token, ids, batch: URL_BATCH },
  );
}

/** The attachment ids the package fetches, in its order, read from the app's own listing of the run. */
async function packageOrder(client: ApiClient, runId: number): Promise<number[]> {
  const files = `fileAttachments { id }`;
  const { data } = await gql<{
    run: {
      entity: { fileAttachments: { id: number }[] };
      steps: {
        position: number;
        entity: { fileAttachments: { id: number }[] };
        fields: { position: number; entity: { fileAttachments: { id: number }[] } }[];
      }[];
    };
  }>(
    client,
    `query BenchPackageOrder($id: ID!) { run(id: $id) { entity { ${files} } steps { position entity { ${files} } fields { position entity { ${files} } } } } }`,
    { id: runId },
  );
  const ids = (list: { id: number }[]) => list.map((f) => f.id).sort((a, b) => a - b);
  const byPosition = <T extends { position: number }>(items: T[]) =>
    [...items].sort((a, b) => a.position - b.position);
  return [
    ...ids(data.run.entity.fileAttachments),
    ...byPosition(data.run.steps).flatMap((step) => [
      ...ids(step.entity.fileAttachments),
      ...byPosition(step.fields).flatMap((field) => ids(field.entity.fileAttachments)),
    ]),
  ];
}

async function measurePackage(
  ctx: BenchContext,
  page: Page,
  proxy: CountingProxy,
  client: ApiClient,
  seeded: Seeded,
): Promise<Row[]> {
  const [timeFigure, heapFigure, rssFigure, bareRssFigure, urlFigure, getFigure] = figures(ctx) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const ids = await packageOrder(client, seeded.runId);
  await page.goto(`/runs/${seeded.runId}`);
  await workerInCharge(page);
  const downloadAll = page.getByRole('button', { name: 'Download all' });
  await downloadAll.waitFor();
  const dialog = page.getByRole('dialog', { name: 'Download all files' });
  // Listing and measuring (one ranged GET per file) come before the person is asked: timed apart.
  const countStarted = Date.now();
  await downloadAll.click();
  await dialog.getByTestId('package-size').waitFor({ timeout: TIMEOUTS.uiMs * 4 });
  const countMs = Date.now() - countStarted;
  const perMb = TIMEOUTS.uploadPerMbMs * (seeded.bytes / MB);
  const memory = await watchMemory(page);
  proxy.reset();
  await watchSelector(page, '[data-testid="package-done"]');
  await armEventClock(page, 'click');
  const downloading = page.waitForEvent('download', { timeout: TIMEOUTS.uiMs });
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  const done = shownAt(page, TIMEOUTS.uiMs + perMb, 'the package saved');
  const [samples, byRole] = await Promise.all([memory.sample(done), growthByRole(done)]);
  const packageMs = (await done) - (await eventAt(page));
  const seen = proxy.seen();
  try {
    if (await dialog.getByTestId('package-problems').count()) {
      throw new Error(
        `the package reported problems: ${await dialog.getByTestId('package-problems').innerText()}`,
      );
    }
    const saved = await dialog.getByTestId('package-done').innerText();
    if (!saved.includes(`Saved ${ids.length} files`))
      throw new Error(`the package said "${saved}", not ${ids.length} files saved`);
  } finally {
    await download.delete().catch(() => undefined);
  }
  ctx.log(`evidence package: ${breakdown(seen)}`);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  const bareMemory = await watchMemory(page);
  const bareFetched = bareFetches(page, client, ids);
  const [bare, bareSamples, bareByRole] = await Promise.all([
    bareFetched,
    bareMemory.sample(bareFetched),
    growthByRole(bareFetched),
  ]);
  const urlQueries = seen.filter((r) => r.operations.includes('PackageDownloadUrls')).length;
  const gets = seen.filter((r) => r.kind === 'storage GET').length;
  const mbps = (ms: number) => (seeded.bytes / MB / (ms / 1000)).toFixed(0);
  const target = { label: 'target', value: MEMORY_TARGET_MB, unit: 'MB' };
  const memoryRow = (figure: string, bytes: number, note: string) =>
    measured(NAME, figure, { value: bytes / MB, unit: 'MB' }, target, {
      overBudget: bytes / MB >= MEMORY_TARGET_MB,
      note,
    });
  return [
    measured(
      NAME,
      timeFigure,
      { value: packageMs, unit: 'ms' },
      { label: 'the same files fetched bare from the page, one after another', value: bare.ms, unit: 'ms' },
      {
        note: `${mbps(packageMs)} MB/s against ${mbps(bare.ms)} MB/s bare; through the service worker's download (no save picker, as on Android tablets); listing and measuring before it took ${countMs} ms`,
      },
    ),
    memoryRow(
      heapFigure,
      samples.heapGrowth,
      `the page's heap (CDP, sampled every 200 ms), for ${(seeded.bytes / MB).toFixed(0)} MB packaged`,
    ),
    memoryRow(
      rssFigure,
      samples.rssGrowth,
      `summed VmRSS of every Chromium process; each role's own peak growth: ${byRole}; ${(samples.rssGrowth / Math.max(1, bareSamples.rssGrowth)).toFixed(2)}x the bare fetches' (next row)`,
    ),
    memoryRow(
      bareRssFigure,
      bareSamples.rssGrowth,
      `Chromium's own floor for reading these bytes (no ZIP, no worker, no download); each role's own peak growth: ${bareByRole}`,
    ),
    measured(
      NAME,
      urlFigure,
      { value: urlQueries, unit: 'requests' },
      {
        label: `one per ${URL_BATCH} files`,
        value: Math.ceil(ids.length / URL_BATCH),
        unit: 'requests',
      },
    ),
    measured(
      NAME,
      getFigure,
      { value: gets, unit: 'requests' },
      { label: 'one per file', value: ids.length, unit: 'requests' },
      { note: breakdown(seen) },
    ),
  ];
}

/**
 * A run's evidence as one ZIP from the run page's Download all (200 small files over its steps and
 * fields and a 1 GB file on the run; quick: 50 and 64 MB): from the Download tap to "Saved", against
 * the same files fetched bare from the page; the page's heap and Chromium's memory growth against the
 * 100 MB target; URL queries and storage GETs against one per batch and one per file.
 */
export const evidencePackage: Benchmark = {
  name: NAME,
  figures,
  async run(ctx) {
    return withSandbox(ctx.repoRoot, { countRequests: true }, async (sandbox, appPort) => {
      const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
      const seeded = await seed(ctx, client);
      return attempt(NAME, figures(ctx), () =>
        withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page, context }) => {
          // The package goes where a browser without a save picker puts it (headless Chromium's picker
          // answers as if closed): the service worker streams it into a download Playwright keeps.
          await context.addInitScript(() => {
            delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
          });
          return measurePackage(ctx, page, sandbox.proxy!, client, seeded);
        }),
      );
    });
  },
};
