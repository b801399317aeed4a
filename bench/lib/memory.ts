import type { CDPSession, Page } from '@playwright/test';
import { chromiumRssBytes } from './processStats.ts';

export interface MemorySamples {
  heapPeak: number;
  rssPeak: number;
  /** Peaks minus the values before (bytes, never below 0). */
  heapGrowth: number;
  rssGrowth: number;
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}

/**
 * Takes the page's JS heap (CDP, after a garbage collection) and Chromium's summed RSS now; `sample`
 * then samples both every 200 ms until `done` settles and gives their peaks and growth.
 */
export async function watchMemory(
  page: Page,
): Promise<{ sample(done: Promise<unknown>): Promise<MemorySamples> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const heapBefore = await heapUsed(cdp);
  const rssBefore = chromiumRssBytes();
  return {
    async sample(done) {
      let heapPeak = 0;
      let rssPeak = 0;
      let finished = false;
      // Its failure is thrown below, once sampling ended (never left unhandled: that ends the run).
      done.then(
        () => (finished = true),
        () => (finished = true),
      );
      while (!finished) {
        heapPeak = Math.max(heapPeak, await heapUsed(cdp));
        rssPeak = Math.max(rssPeak, chromiumRssBytes());
        await Promise.race([done, new Promise((r) => setTimeout(r, 200))]).catch(() => undefined);
      }
      await cdp.detach();
      await done;
      return {
        heapPeak,
        rssPeak,
        heapGrowth: Math.max(0, heapPeak - heapBefore),
        rssGrowth: Math.max(0, rssPeak - rssBefore),
      };
    },
  };
}
