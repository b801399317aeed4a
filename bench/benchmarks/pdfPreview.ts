import type { Page } from '@playwright/test';
import { pdfBytes } from '../../e2e/test-files.ts';
import { TIMEOUTS } from '../config.ts';
import { attempt, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { apiClient, attachBytes, gql, partEntityId, type ApiClient } from '../lib/apiClient.ts';
import { openRecordPage } from '../lib/browser.ts';
import { armEventClock, eventAt, shownAt, watchSelector } from '../lib/pageClock.ts';
import { measured } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';
import { median, now } from '../lib/stats.ts';

const NAME = 'pdf-preview';
const PAGES = 20;
const FILENAME = `${PAGES}-page-report.pdf`;
const FIRST_PAGE_PAINTED = '[role="dialog"] [data-testid="pdf-page"][data-rendered-page="1"]';

/** What the preview cannot go below: a fresh download URL (as the app asks at open) and the bytes. */
async function bareDownload(client: ApiClient, id: number): Promise<number> {
  const start = now();
  const { data } = await gql<{ fileAttachment: { downloadUrl: string } }>(
    client,
    'query BenchDownload($id: ID!) { fileAttachment(id: $id) { downloadUrl } }',
    { id },
  );
  const response = await fetch(data.fileAttachment.downloadUrl);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`download answered ${response.status}`);
  return now() - start;
}

/** Tap on "Preview" to page 1 painted in the viewer's canvas; closes the preview after. Page clock, ms. */
async function openPreview(page: Page): Promise<number> {
  await watchSelector(page, FIRST_PAGE_PAINTED);
  await armEventClock(page, 'click');
  await page.getByRole('button', { name: `Preview ${FILENAME}` }).click();
  const painted = await shownAt(page, TIMEOUTS.uiMs, 'page 1 of the PDF');
  const ms = painted - (await eventAt(page));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return ms;
}

const figures = () => [
  `${PAGES}-page PDF: tap Preview to page 1 painted, first open`,
  `${PAGES}-page PDF: tap Preview to page 1 painted, again`,
];

/**
 * The pdf.js preview of a 20-page PDF on a part: first open (pdf.js and its worker load on demand)
 * and later opens, each against a bare fresh-URL query and download of the same file from Node.
 */
export const pdfPreview: Benchmark = {
  name: NAME,
  figures,
  async run(ctx: BenchContext) {
    const [firstFigure, againFigure] = figures() as [string, string];
    return withSandbox(ctx.repoRoot, {}, async (sandbox, appPort) => {
      const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
      const bytes = pdfBytes(PAGES);
      const { id } = await attachBytes(
        client,
        new Uint8Array(bytes),
        await partEntityId(client, 1),
        FILENAME,
      );
      return attempt(NAME, [firstFigure, againFigure], () =>
        withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page }) => {
          await openRecordPage(page, '/parts/1');
          const first = await openPreview(page);
          const again: number[] = [];
          for (let i = 0; i < ctx.sizes.appRepeats; i++) again.push(await openPreview(page));
          const bareTimes: number[] = [];
          for (let i = 0; i < ctx.sizes.latencySamples; i++) bareTimes.push(await bareDownload(client, id));
          const bare = {
            label: 'fresh URL + download, bare (Node), p50',
            value: median(bareTimes),
            unit: 'ms',
          };
          const size = `${(bytes.length / 1024).toFixed(1)} KB`;
          return [
            measured(NAME, firstFigure, { value: first, unit: 'ms' }, bare, {
              note: `${size}; includes loading pdf.js and its worker`,
            }),
            measured(NAME, againFigure, { value: median(again), unit: 'ms' }, bare, {
              note: `median of ${again.length}, pdf.js already loaded`,
            }),
          ];
        }),
      );
    });
  },
};
