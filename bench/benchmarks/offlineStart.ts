import type { Page } from '@playwright/test';
import { TIMEOUTS } from '../config.ts';
import { NotReady, type Benchmark } from '../lib/benchmark.ts';
import { activeDevice, deviceEmulated } from '../lib/device.ts';
import { signedInPage } from '../lib/browser.ts';
import { measured } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';
import { median } from '../lib/stats.ts';

const NAME = 'offline-start';
const PAGE = '/parts/1';

/** From asking for the page to the app's shell (header with the app's name) on screen, in ms. */
async function startToShell(page: Page): Promise<number> {
  const started = performance.now();
  await page.goto(PAGE, { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Floor Attach' }).waitFor({ timeout: TIMEOUTS.uiMs });
  return performance.now() - started;
}

async function samples(page: Page, count: number): Promise<number[]> {
  await startToShell(page);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await startToShell(page));
  return times;
}

/**
 * The app starting in a dead zone from the service worker's cache, against the same start online
 * with a warm HTTP cache and no worker (what a technician had before).
 */
export const offlineStart: Benchmark = {
  name: NAME,
  figures: () => [
    'start to shell, offline from the service worker',
    'start to shell, online, warm HTTP cache',
  ],
  async run(ctx) {
    const [offlineFigure, onlineFigure] = this.figures(ctx) as [string, string];
    return withSandbox(ctx.repoRoot, {}, (sandbox, appPort) =>
      withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ browser, app, context, page }) => {
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        try {
          await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        } catch (error) {
          // Seen on the tablet profile (2026-11-27): the worker is ready but never controls the page
          // that emulates the network through CDP. Not investigated yet; reported, not a broken bench.
          if (!deviceEmulated()) throw error;
          throw new NotReady(
            `the service worker was ready but did not control the page within ${TIMEOUTS.uiMs / 1000} s on the ${activeDevice().name} profile`,
          );
        }
        await context.setOffline(true);
        const offline = await samples(page, ctx.sizes.appRepeats);

        const online = await signedInPage(browser, app.origin, { serviceWorkers: 'block' });
        const warm = await samples(online.page, ctx.sizes.appRepeats);
        await online.context.close();

        const onlineMs = { label: 'online, warm HTTP cache, median', value: median(warm), unit: 'ms' };
        return [
          measured(NAME, offlineFigure, { value: median(offline), unit: 'ms' }, onlineMs, {
            vital: 'LCP',
            note: `median of ${offline.length} starts of ${PAGE}; ratio is offline/online`,
          }),
          measured(NAME, onlineFigure, onlineMs, undefined, {
            vital: 'LCP',
            note: `median of ${warm.length}, no service worker`,
          }),
        ];
      }),
    );
  },
};
