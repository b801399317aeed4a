import type { Page } from '@playwright/test';

interface WorkerVersion {
  versionId: string;
  runningStatus: 'stopped' | 'starting' | 'running' | 'stopping';
}

/**
 * Stops the service workers of `page`'s browser context, as Chromium does on its own after about 30 s
 * with nothing to do (a tablet put down between two stations), and resolves once every one reports
 * stopped. Throws when no worker controls the page: a figure about a stopped worker means nothing then.
 */
export async function stopServiceWorkers(page: Page): Promise<void> {
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
    throw new Error('no service worker controls the page');
  const cdp = await page.context().newCDPSession(page);
  try {
    const versions = new Map<string, WorkerVersion['runningStatus']>();
    let settle = () => {};
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }: { versions: WorkerVersion[] }) => {
      for (const version of updated) versions.set(version.versionId, version.runningStatus);
      settle();
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    const deadline = Date.now() + 10_000;
    while ([...versions.values()].some((status) => status !== 'stopped')) {
      if (Date.now() > deadline) throw new Error('the service worker did not stop within 10 s');
      await new Promise<void>((resolve) => {
        settle = resolve;
        setTimeout(resolve, 100);
      });
    }
    await cdp.send('ServiceWorker.disable');
  } finally {
    await cdp.detach();
  }
}
