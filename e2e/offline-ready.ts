import type { Page } from '@playwright/test';

/**
 * Waits until the app's service worker is active and controls the page: from then on it starts
 * offline. A page that was already loading when the worker activated (the sign-in callback, say)
 * stays uncontrolled until its next load, so it is reloaded once then, as a technician's next visit.
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
