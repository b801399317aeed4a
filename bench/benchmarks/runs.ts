import type { Page } from '@playwright/test';
import { scan } from '../../e2e/scanner-support.ts';
import { TIMEOUTS } from '../config.ts';
import { attempt, NotReady, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { apiClient, replay, type ApiClient } from '../lib/apiClient.ts';
import { rowsShownAt, split, splitNote, watchRows, type Split } from '../lib/listTiming.ts';
import { armEventClock, eventAt } from '../lib/pageClock.ts';
import { measured, type Row } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';
import { median } from '../lib/stats.ts';

const NAME = 'runs';

const FIGURES = [
  'app: navigation to first runs',
  'app: keystroke to runs of a serial',
  'app: keystroke to runs of a part and procedure',
  'app: serial scan to the run shown',
];

/** A generated run's serial (sandbox/src/db/seed-runs.ts numbers them from SN 10000), typed but its last key. */
const SERIAL = 'SN 10042';
/** Two words: a part number and a word of a procedure title; every row found shows the part. */
const WORDS = 'ASM-2000 leak';
const WORDS_SHOWN = 'ASM-2000';
/** The catalogue's run the journeys use; scanned from the parts list. */
const SCANNED = 'SN 0041';

/** The app's GraphQL requests by operation name, latest body of each, for replaying them bare. */
function recordRequests(page: Page): Map<string, string> {
  const bodies = new Map<string, string>();
  page.on('request', (request) => {
    const body = request.method() === 'POST' ? request.postData() : null;
    if (!request.url().endsWith('/graphql') || !body) return;
    const name = (JSON.parse(body) as { operationName?: string }).operationName;
    if (name) bodies.set(name, body);
  });
  return bodies;
}

/** Types `term` but its last key, then times that key to rows that all show `shown`. */
async function keystrokeToRows(
  page: Page,
  term: string,
  shown: string,
): Promise<{ ms: number; split: Split }> {
  const search = page.getByLabel('Search serial, run, part or procedure');
  const typed = term.slice(0, -1);
  await search.fill(typed);
  // The rows for all but the last key first, so they cannot pass for the answer to it.
  await page.waitForURL((url) => url.searchParams.get('q') === typed);
  await page.locator('table[aria-busy="false"]').waitFor();
  await watchRows(page, '/runs', shown, term);
  await armEventClock(page, 'keydown');
  await search.press(term.slice(-1));
  const rowsAt = await rowsShownAt(page);
  const keyAt = await eventAt(page);
  return { ms: rowsAt - keyAt, split: await split(page, keyAt, rowsAt) };
}

/**
 * A wedge scan of a serial on the parts list, from the scan's first key to the run's page naming the
 * serial. The scanner's own keys are taken by the app before any listener of the page's (it stops
 * them), so the clock starts as the scan is sent; the figure includes the device typing 8 characters.
 */
async function scanToRun(page: Page): Promise<number> {
  await page.goto('/parts');
  await page.locator('table tbody tr').first().waitFor();
  const sentAt = await page.evaluate(() => performance.now());
  await scan(page, SCANNED);
  const shown = await page.waitForFunction(
    (serial) =>
      /^\/runs\/\d+$/.test(location.pathname) && document.querySelector('h1')?.textContent?.includes(serial)
        ? performance.now()
        : false,
    SCANNED,
    { polling: 'raf', timeout: TIMEOUTS.uiMs },
  );
  return ((await shown.jsonValue()) as number) - sentAt;
}

async function appLatency(ctx: BenchContext, page: Page, client: ApiClient): Promise<Row[]> {
  const bodies = recordRequests(page);
  const navigation: number[] = [];
  const serial: number[] = [];
  const words: number[] = [];
  const scans: number[] = [];
  const splits = { navigation: [] as Split[], serial: [] as Split[], words: [] as Split[] };
  const bare: Record<'list' | 'serial' | 'words', string | undefined> = {
    list: undefined,
    serial: undefined,
    words: undefined,
  };
  for (let i = 0; i < ctx.sizes.appRepeats; i++) {
    await page.goto('/');
    const runsLink = page.getByRole('link', { name: 'Runs', exact: true }).first();
    try {
      await runsLink.waitFor();
    } catch {
      throw new NotReady('the app shell shows no "Runs" link yet');
    }
    await watchRows(page, '/runs', null);
    await armEventClock(page, 'click');
    await runsLink.click();
    const rowsAt = await rowsShownAt(page);
    const clickAt = await eventAt(page);
    navigation.push(rowsAt - clickAt);
    splits.navigation.push(await split(page, clickAt, rowsAt));
    bare.list = bodies.get('RunsList');

    const bySerial = await keystrokeToRows(page, SERIAL, SERIAL);
    serial.push(bySerial.ms);
    splits.serial.push(bySerial.split);
    bare.serial = bodies.get('RunsList');

    const byWords = await keystrokeToRows(page, WORDS, WORDS_SHOWN);
    words.push(byWords.ms);
    splits.words.push(byWords.split);
    bare.words = bodies.get('RunsList');

    scans.push(await scanToRun(page));
  }
  const scanBodies = [bodies.get('RunsBySerial'), bodies.get('RunRecord')];
  if (!bare.list || !bare.serial || !bare.words || scanBodies.some((b) => !b)) {
    throw new Error('the app showed runs without the requests it is compared with');
  }
  const samples = ctx.sizes.latencySamples;
  const ms = (value: number) => ({ value, unit: 'ms' });
  const bareScan =
    (await replay(client, scanBodies[0]!, samples)) + (await replay(client, scanBodies[1]!, samples));
  const runs = `${(ctx.sizes.runs + 12).toLocaleString('en')} runs`;
  return [
    measured(
      NAME,
      FIGURES[0]!,
      ms(median(navigation)),
      { label: "the app's runs request, bare, p50", ...ms(await replay(client, bare.list, samples)) },
      {
        note: `${runs}; click on Runs to rows, median of ${navigation.length}: ${splitNote(splits.navigation)}`,
      },
    ),
    measured(
      NAME,
      FIGURES[1]!,
      ms(median(serial)),
      { label: "the app's search request, bare, p50", ...ms(await replay(client, bare.serial, samples)) },
      {
        note: `last key of "${SERIAL}" to rows (includes the typing pause, 200 ms), median of ${serial.length}: ${splitNote(splits.serial)}`,
      },
    ),
    measured(
      NAME,
      FIGURES[2]!,
      ms(median(words)),
      { label: "the app's search request, bare, p50", ...ms(await replay(client, bare.words, samples)) },
      {
        note: `last key of "${WORDS}" to rows (includes the typing pause), median of ${words.length}: ${splitNote(splits.words)}`,
      },
    ),
    measured(
      NAME,
      FIGURES[3]!,
      ms(median(scans)),
      { label: "the app's serial lookup + run request, bare, p50 summed", ...ms(bareScan) },
      {
        note: `"${SCANNED}" scanned by wedge on the parts list, first key to the run's page, median of ${scans.length}`,
      },
    ),
  ];
}

/** The runs list over 100,000 runs (quick: 5,000): navigation, searches and a serial scan, in the app. */
export const runs: Benchmark = {
  name: NAME,
  figures: () => FIGURES,
  async run(ctx) {
    ctx.log(`runs: starting a sandbox seeded with ${ctx.sizes.runs} runs`);
    return withSandbox(ctx.repoRoot, { seedRuns: ctx.sizes.runs }, async (sandbox, appPort) => {
      const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
      return attempt(NAME, FIGURES, () =>
        withApp(ctx.repoRoot, sandbox, appPort, ctx.log, ({ page }) => appLatency(ctx, page, client)),
      );
    });
  },
};
