import type { Page } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { APP_ORIGIN, expect, SANDBOX_URL, signIn, TECHNICIAN, test } from './fixtures.ts';
import { expectOfflineShell, waitForOfflineReady } from './pwa-support.ts';
import { keptRecordKeys, pinSettled, signOutAtProvider } from './offline-support.ts';
import { attachFile, entityIdOf, pdfBytes, PNG_BYTES, technicianToken } from './records-support.ts';

// The tablet the floor uses, as the offline shift journey does; the worker serves the app offline.
test.use({ serviceWorkers: 'allow', viewport: { width: 768, height: 1024 } });

function unique(base: string): string {
  return base.replace(/(\.[^.]+)?$/, `-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}$1`);
}

interface RunShape {
  steps: { id: number; fields: { id: number }[] }[];
}

/** Run 1's steps and their fields, read through the API (the sandbox's seed). */
async function runOne(token: string): Promise<RunShape> {
  const result = await gql(SANDBOX_URL, token, `query R { run(id: 1) { steps { id fields { id } } } }`, {});
  expect(result.errors).toBeUndefined();
  return result.data?.run as RunShape;
}

/** Whether an <img> finished loading a picture (not a broken image). */
const pictureShown = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/**
 * What the device holds of the pins after sign-out, read in a page of the app's origin that no
 * sign-in redirects away: the pins database's keys, and every Cache Storage entry not of the app's own.
 */
async function pinnedLeftOnDevice(page: Page): Promise<{ keys: string[]; foreignCached: string[] }> {
  await page.goto(`${APP_ORIGIN}/manifest.webmanifest`);
  return page.evaluate(async () => {
    const keys = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('floor-pinned');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('pinned')) {
          db.close();
          resolve([]);
          return;
        }
        const all = db.transaction('pinned').objectStore('pinned').getAllKeys();
        all.onsuccess = () => {
          db.close();
          resolve(all.result.map(String));
        };
        all.onerror = () => reject(all.error);
      };
    });
    const foreignCached: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        if (new URL(request.url).origin !== location.origin || request.url.includes('X-Amz-Signature')) {
          foreignCached.push(`${name}: ${request.url}`);
        }
      }
    }
    return { keys, foreignCached };
  });
}

test('a run pinned online opens offline with its steps, their fields and kept copies of its files; sign-out leaves none of it', async ({
  page,
  context,
}) => {
  test.slow();
  const token = await technicianToken();
  const run = await runOne(token);
  const step = run.steps[0]!;
  const imageName = unique('pinned-torque.png');
  const pdfName = unique('pinned-report.pdf');
  const entity = await entityIdOf(token, 'runStep', step.id);
  await attachFile(token, entity, imageName, PNG_BYTES);
  await attachFile(token, entity, pdfName, pdfBytes(3));

  // A request the network failed while pinning is named in the output (what "Pinning failed" hides).
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (!reason.includes('ERR_ABORTED') && !reason.includes('ERR_INTERNET_DISCONNECTED')) {
      console.log(`request failed: ${request.method()} ${new URL(request.url()).pathname} ${reason}`);
    }
  });
  await signIn(page, '/runs/1');
  await waitForOfflineReady(page);
  const toggle = page.getByRole('button', { name: 'Pin for offline' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await pinSettled(page.getByTestId('pin-status'));
  await expect(page.getByTestId('pin-status')).toHaveText(/^Pinned for offline/);
  await page.screenshot({ path: test.info().outputPath('run-pinned.png') });
  // Every step and field of the run is kept (written as soon as the pin's records came).
  const records = [
    'Run:1',
    ...run.steps.map((s) => `RunStep:${s.id}`),
    ...run.steps.flatMap((s) => s.fields.map((f) => `RunStepField:${f.id}`)),
  ];
  await expect.poll(() => keptRecordKeys(page)).toEqual(expect.arrayContaining(records));

  // The home page says what the copies take of the budget.
  await page.goto('/');
  await expect(page.getByTestId('kept-usage')).toHaveText(/^Kept for offline: [\d.]+ MB of 200 MB$/);

  await context.setOffline(true);
  await page.reload();
  await expectOfflineShell(page);
  await expect(page.getByRole('region', { name: 'Pinned for the shift' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-offline-pinned.png') });

  for (const { id, fields } of run.steps) {
    await page.goto(`/run-steps/${id}`);
    await expect(page.getByText(`Run step ${id}`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('kept-age')).toBeVisible();
    await expect(page.getByText('Not kept on this tablet')).toHaveCount(0);
    for (const field of fields) {
      await page.goto(`/run-step-fields/${field.id}`);
      await expect(page.getByText(`Run step field ${field.id}`, { exact: true })).toBeVisible();
      await expect(page.getByText('Not kept on this tablet')).toHaveCount(0);
    }
  }

  await page.goto(`/run-steps/${step.id}`);
  const imageRow = page.getByTestId('attachment-row').filter({ hasText: imageName });
  await expect(imageRow.getByTestId('kept-thumbnail')).toContainText('Kept copy');
  await expect
    .poll(() => pictureShown(page, `[data-testid="attachment-row"]:has-text("${imageName}") img`))
    .toBe(true);
  const pdfRow = page.getByTestId('attachment-row').filter({ hasText: pdfName });
  await expect(pdfRow.getByTestId('kept-thumbnail')).toContainText('Kept copy');
  await pdfRow.getByRole('button', { name: `Preview ${pdfName}` }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByTestId('kept-preview')).toContainText('this is the first page only');
  const firstPage = preview.getByRole('img', { name: `First page of ${pdfName}, kept copy` });
  await expect(firstPage).toBeVisible();
  await expect
    .poll(() => firstPage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(500);
  await page.screenshot({ path: test.info().outputPath('pdf-first-page-offline.png') });
  await preview.getByRole('button', { name: 'Close', exact: true }).click();

  // Back online, the thumbnail loads through a fresh signed URL again, saying nothing of a copy.
  await context.setOffline(false);
  await expect(imageRow.getByTestId('attachment-thumbnail')).toBeVisible();
  await expect(imageRow.getByTestId('kept-thumbnail')).toHaveCount(0);

  await signOutAtProvider(page, TECHNICIAN.name);
  const left = await pinnedLeftOnDevice(page);
  expect(left.keys).toEqual([]);
  expect(left.foreignCached).toEqual([]);
});
