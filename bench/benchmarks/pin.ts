import type { Page, Request } from '@playwright/test';
import { pdfBytes } from '../../e2e/test-files.ts';
import { TIMEOUTS } from '../config.ts';
import { attempt, NotReady, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { apiClient, attachMany, gql, gqlBody, type ApiClient } from '../lib/apiClient.ts';
import { armEventClock, eventAt, shownAt, watchSelector } from '../lib/pageClock.ts';
import { measured, type Row } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';
import { median, now } from '../lib/stats.ts';

const NAME = 'pin';
const STEPS = 10;
/** Per step: photos on the step, a PDF on the step, a photo in its file field: 5 × 10 = 50. */
const PHOTOS_PER_STEP = 3;
const PDF_PAGES = 5;
/** Seeded by SANDBOX_SEED_RUN_STEPS (sandbox/src/db/seed.ts, STEP_LOAD_RUN_TITLE). */
const RUN_TITLE = 'Step load run';
const PINNED = '[data-testid="pin-status"][data-state="pinned"]';
/** The record queries a run's pin asks: the run, each step, each step's two fields. */
const RECORD_OPERATIONS = /^(RunRecord|RunStepRecord|RunStepFieldRecord)$/;

interface LongRun {
  id: number;
  steps: { entityId: number; fieldEntityIds: number[] }[];
}

async function findRun(client: ApiClient): Promise<LongRun> {
  const { data } = await gql<{
    runs: {
      edges: {
        node: {
          id: number;
          steps: { entity: { id: number }; fields: { type: string; entity: { id: number } }[] }[];
        };
      }[];
    };
  }>(
    client,
    `query BenchLongRun($title: String!) {
      runs(filters: { title: { eq: $title } }) {
        edges { node { id steps { entity { id } fields { type entity { id } } } } }
      }
    }`,
    { title: RUN_TITLE },
  );
  const run = data.runs.edges[0]?.node;
  if (!run || run.steps.length !== STEPS) {
    throw new NotReady(`the sandbox did not seed "${RUN_TITLE}" with ${STEPS} steps`);
  }
  return {
    id: run.id,
    steps: run.steps.map((step) => ({
      entityId: step.entity.id,
      fieldEntityIds: step.fields.filter((f) => f.type === 'FILE_ATTACHMENT').map((f) => f.entity.id),
    })),
  };
}

/** A camera-like JPEG made in the page (gradient, shapes and grain: about 0.3–1 MB), as bytes. */
async function photoBytes(page: Page, width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await page.evaluate(
    async ({ width, height }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#6b7f99');
      gradient.addColorStop(1, '#d9c7a3');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      for (let i = 0; i < 60; i++) {
        context.fillStyle = `hsl(${(i * 47) % 360} 40% ${30 + (i % 5) * 10}%)`;
        context.fillRect((i * 193) % width, (i * 311) % height, width / 8, height / 10);
      }
      const image = context.getImageData(0, 0, width, height);
      for (let i = 0; i < image.data.length; i += 4) {
        const grain = ((Math.random() - 0.5) * 24) | 0;
        image.data[i] = image.data[i]! + grain;
        image.data[i + 1] = image.data[i + 1]! + grain;
        image.data[i + 2] = image.data[i + 2]! + grain;
      }
      context.putImageData(image, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
      return [...new Uint8Array(await blob.arrayBuffer())];
    },
    { width, height },
  );
  return new Uint8Array(bytes);
}

/** The run's 50 attachments, through the API, eight requests at a time; their total bytes. */
async function attachFiles(client: ApiClient, run: LongRun, photo: Uint8Array<ArrayBuffer>): Promise<number> {
  const pdf = new Uint8Array(pdfBytes(PDF_PAGES));
  const photos = run.steps.flatMap((step, s) => [
    ...Array.from({ length: PHOTOS_PER_STEP }, (_, n) => ({
      entityId: step.entityId,
      filename: `step-${s + 1}-photo-${n + 1}.jpg`,
    })),
    ...step.fieldEntityIds.map((entityId) => ({ entityId, filename: `step-${s + 1}-field-photo.jpg` })),
  ]);
  const pdfs = run.steps.map((step, s) => ({
    entityId: step.entityId,
    filename: `step-${s + 1}-report.pdf`,
  }));
  await attachMany(client, photo, photos, 8);
  await attachMany(client, pdf, pdfs, 8);
  return photos.length * photo.length + pdfs.length * pdf.length;
}

/** What the pins database holds: the kept copies' count and bytes (its own entries, not an estimate). */
function keptCopies(page: Page): Promise<{ count: number; bytes: number }> {
  return page.evaluate(
    () =>
      new Promise<{ count: number; bytes: number }>((resolve, reject) => {
        const open = indexedDB.open('floor-pinned');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('pinned').objectStore('pinned').get('state');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            const files = (get.result as { files: { bytes: number }[] } | undefined)?.files ?? [];
            resolve({ count: files.length, bytes: files.reduce((sum, f) => sum + f.bytes, 0) });
          };
        };
      }),
  );
}

/** The kept records' snapshot as JSON, in bytes: about what the GraphQL cache takes on the device. */
function keptRecordsBytes(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('floor-kept-records');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('records').objectStore('records').get('snapshot');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            resolve(new TextEncoder().encode(JSON.stringify(get.result ?? null)).length);
          };
        };
      }),
  );
}

/**
 * Deletes what pinning kept, from a document of the app's origin where the app does not run (it holds
 * the database open), so the next pin starts from nothing.
 */
async function forgetPins(page: Page, runPath: string): Promise<void> {
  await page.goto('/manifest.webmanifest');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('floor-pinned');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
        request.onblocked = () => reject(new Error('the pins database is still open'));
      }),
  );
  await page.goto(runPath);
}

interface PinRun {
  ms: number;
  graphql: string[];
  storageGets: number;
  /** What the pin said once done ("Pinned for offline", and any copies left out). */
  said: string;
}

/** Tap on "Pin for offline" to "Pinned for offline"; page clock, with the requests the pin made. */
async function pinOnce(page: Page, runPath: string, timeoutMs: number): Promise<PinRun> {
  await page.goto(runPath);
  const toggle = page.getByRole('button', { name: 'Pin for offline' });
  await toggle.waitFor();
  const graphql: string[] = [];
  let storageGets = 0;
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && url.pathname.endsWith('/graphql')) {
      const body = request.postData();
      if (body) graphql.push(body);
    } else if (request.method() === 'GET' && url.searchParams.has('X-Amz-Signature')) storageGets += 1;
  };
  page.on('request', onRequest);
  await watchSelector(page, PINNED);
  await armEventClock(page, 'click');
  await toggle.click();
  const shown = await shownAt(page, timeoutMs, '"Pinned for offline"');
  page.off('request', onRequest);
  const said = (await page.getByTestId('pin-status').textContent()) ?? '';
  return { ms: shown - (await eventAt(page)), graphql, storageGets, said };
}

const operationOf = (body: string) => (JSON.parse(body) as { operationName?: string }).operationName ?? '';

/**
 * The floor: the same record queries the app sent (bodies replayed from Node, the run first, then four
 * at a time, as the app asks them), then every image and PDF those answers name downloaded through
 * its signed URL, three at a time (the app's copy concurrency). No decoding, no drawing, no storing.
 */
async function bareFloor(client: ApiClient, bodies: string[]): Promise<number> {
  const start = now();
  const [first, ...rest] = bodies;
  const answers: unknown[] = [];
  if (first) answers.push((await gqlBody(client, first)).data);
  await inBatches(rest, 4, async (body) => {
    answers.push((await gqlBody(client, body)).data);
  });
  const urls = new Set<string>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const item = value as { downloadUrl?: unknown; contentType?: unknown };
    if (
      typeof item.downloadUrl === 'string' &&
      /^(image\/|application\/pdf)/.test(String(item.contentType))
    ) {
      urls.add(item.downloadUrl);
    }
    Object.values(value).forEach(walk);
  };
  answers.forEach(walk);
  await inBatches([...urls], 3, async (url) => {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`bare download answered ${response.status}`);
  });
  return now() - start;
}

async function inBatches<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

const MB = 1024 * 1024;

const figures = () => [
  `run of ${STEPS} steps, 50 attachments: tap Pin to pinned for offline`,
  'kept copies stored (50 attachments)',
  'kept records stored (GraphQL cache)',
  'requests made by one pin',
];

/**
 * Pinning a long run for the shift: from the tap on "Pin for offline" on the run's page to "Pinned for
 * offline" (its 10 steps and their 20 fields asked for, 40 photos made small, 10 PDFs' first pages
 * drawn and every copy stored), against the same queries and downloads made bare; and what it leaves
 * on the device, against the attachments' own bytes. Printed, never asserted.
 */
export const pin: Benchmark = {
  name: NAME,
  figures,
  async run(ctx: BenchContext) {
    const [timeFigure, copiesFigure, recordsFigure, requestsFigure] = figures() as [
      string,
      string,
      string,
      string,
    ];
    // The quick run takes smaller photos (the thumbnails' work is the same shape) and one pin.
    const [width, height] = ctx.quick ? [1280, 960] : [2560, 1920];
    const repeats = ctx.quick ? 1 : 3;
    return withSandbox(ctx.repoRoot, { runSteps: STEPS }, async (sandbox, appPort) => {
      const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
      const run = await findRun(client);
      return attempt(NAME, figures(), () =>
        withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page }) => {
          const photo = await photoBytes(page, width, height);
          ctx.log(`pin: attaching 40 photos (${(photo.length / 1024).toFixed(0)} KB each) and 10 PDFs`);
          const originalBytes = await attachFiles(client, run, photo);
          const runPath = `/runs/${run.id}`;
          const timeoutMs = TIMEOUTS.uiMs * 4;
          const pins: PinRun[] = [];
          let copies = { count: 0, bytes: 0 };
          let recordsBytes = 0;
          for (let i = 0; i < repeats; i++) {
            if (i > 0) await forgetPins(page, runPath);
            pins.push(await pinOnce(page, runPath, timeoutMs));
            copies = await keptCopies(page);
            recordsBytes = await keptRecordsBytes(page);
          }
          const last = pins.at(-1)!;
          const recordBodies = last.graphql.filter((body) => RECORD_OPERATIONS.test(operationOf(body)));
          const floors: number[] = [];
          for (let i = 0; i < Math.max(3, repeats); i++) floors.push(await bareFloor(client, recordBodies));
          const times = pins.map((p) => p.ms);
          const rows: Row[] = [
            measured(
              NAME,
              timeFigure,
              { value: median(times), unit: 'ms' },
              {
                label: 'same record queries and downloads, bare from Node, median',
                value: median(floors),
                unit: 'ms',
              },
              {
                note: `${times.length === 1 ? '1 pin' : `median of ${times.length} pins (${times.map((t) => t.toFixed(0)).join(', ')} ms)`}, photos ${width}×${height}; floor median of ${floors.length}`,
              },
            ),
            measured(
              NAME,
              copiesFigure,
              { value: copies.bytes / MB, unit: 'MB' },
              { label: "the attachments' own bytes", value: originalBytes / MB, unit: 'MB' },
              {
                note: `${copies.count} copies kept (photos 640 px on the long edge, PDFs' first page 1000 px wide); the pin said "${last.said}"`,
              },
            ),
            measured(NAME, recordsFigure, { value: recordsBytes / 1024, unit: 'KB' }, undefined, {
              note: "the kept records' snapshot as JSON (IndexedDB stores it as a structured clone)",
            }),
            measured(
              NAME,
              requestsFigure,
              { value: last.graphql.length + last.storageGets, unit: 'requests' },
              {
                label: `floor: 1 run + ${STEPS} steps + ${STEPS * 2} fields + 50 downloads`,
                value: 1 + STEPS * 3 + 50,
                unit: 'requests',
              },
              {
                note: `${last.graphql.length} GraphQL (${recordBodies.length} record queries), ${last.storageGets} storage GETs`,
              },
            ),
          ];
          return rows;
        }),
      );
    });
  },
};
