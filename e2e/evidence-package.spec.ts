import { test, expect, signIn, isSignedStorageUrl, APP_ORIGIN } from './fixtures.ts';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { waitForOfflineReady } from './pwa-support.ts';
import {
  apiDownload,
  looksComplete,
  md5,
  readZip,
  readZipText,
  runWithEvidence,
  type PackageRun,
} from './package-support.ts';

// The package is saved the way a browser without a save picker saves it (Firefox, Safari): the
// service worker streams it into the browser's downloads. Headless Chromium cannot answer a save
// picker, so the page is shown a browser without one; the bytes then go the real way, through the
// worker, to a download Playwright keeps.
test.use({ serviceWorkers: 'allow', viewport: { width: 768, height: 1024 } });
// Sign-in, the worker taking the page, listing, sizing and 5 MB through the worker: minutes on a CI
// machine under load, never a wait for time (every step waits for a state).
test.describe.configure({ timeout: 300_000 });

let run: PackageRun;

test.beforeAll(async () => {
  run = await runWithEvidence('BRKT-0001 Rev C, SN 0042', 'BRKT-0001 Rev C, SN 0041');
});

async function openRun(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await signIn(page, `/runs/${run.runId}`);
  await waitForOfflineReady(page);
  await expect(page.getByRole('heading', { name: run.title })).toBeVisible();
}

/** Every storage GET of the object `key` without a Range (the package's own reads, not its sizing). */
async function onPackageRead(
  context: BrowserContext,
  key: string,
  handle: (route: Route, count: number) => Promise<void>,
): Promise<void> {
  let count = 0;
  await context.route(
    (url) => isSignedStorageUrl(url) && decodeURIComponent(url.pathname).includes(key),
    async (route) => {
      if (route.request().method() !== 'GET' || route.request().headers()['range']) return route.fallback();
      count += 1;
      await handle(route, count);
    },
  );
}

test('Download all saves every file of the run, in folders by step, checked, with an index', async ({
  page,
}) => {
  // The 5 MB file's first read is refused as storage refuses an expired link: it is asked again with a
  // fresh URL and is in the package all the same.
  let refused = 0;
  await onPackageRead(page.context(), run.big.s3Key, async (route, count) => {
    if (count > 1) return route.fallback();
    refused += 1;
    await route.fulfill({
      status: 403,
      contentType: 'application/xml',
      headers: { 'Access-Control-Allow-Origin': APP_ORIGIN },
      body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
    });
  });
  await openRun(page);
  await page.getByRole('button', { name: 'Download all' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download all files' });
  await expect(dialog.getByTestId('package-size')).toHaveText(/^6 files, 5\.\d MB\. Download all\?$/, {
    timeout: 120_000,
  });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/SN 0042.*\.zip$/);
  const path = await download.path();
  await expect(dialog.getByTestId('package-done')).toContainText('Saved 6 files', { timeout: 120_000 });
  await expect(dialog.getByTestId('package-problems')).toHaveCount(0);
  expect(refused).toBe(1);

  const entries = readZip(path);
  const names = entries.map((entry) => entry.name);
  // Nothing doubled, nothing from another run, the index last.
  expect(new Set(names).size).toBe(names.length);
  expect(entries.map((entry) => entry.md5)).not.toContain(md5(run.foreign.bytes));
  expect(names.slice(-2)).toEqual(['index.csv', 'index.html']);
  const files = entries.slice(0, -2);
  expect(files).toHaveLength(run.files.length);
  // Every entry's bytes are those the API serves for its attachment.
  for (const attached of run.files) {
    const served = await apiDownload(attached.id);
    expect(md5(served)).toBe(md5(attached.bytes));
    const entry = files.find((candidate) => candidate.md5 === md5(served));
    expect(entry, attached.filename).toBeDefined();
    expect(entry!.size).toBe(served.length);
  }
  const byBytes = (attached: PackageRun['files'][number]) =>
    files.find((entry) => entry.md5 === md5(attached.bytes))!.name;
  // The run's own file at the top, a folder per step, the field's file named for its field.
  expect(byBytes(run.files[0]!)).toBe('traveller.pdf');
  expect(byBytes(run.files[1]!)).toMatch(/^01 [^/]+\/torque\.jpg$/);
  expect(byBytes(run.files[2]!)).toMatch(/^02 [^/]+\/torque\.jpg$/);
  expect(byBytes(run.files[3]!)).toMatch(/^03 [^/]+\/a_b__c_d_e_f_g\.txt$/);
  expect(byBytes(run.files[4]!)).toMatch(/^03 [^/]+\/scan\.bin$/);
  expect(byBytes(run.files[5]!)).toMatch(/^0\d [^/]+\/CMM report - cmm\.png$/);
  for (const name of names) expect(name).not.toMatch(/[<>:"\\|?*]/);

  // The index lists every file with its size and MD5, checked against storage.
  const csv = readZipText(path, 'index.csv');
  for (const attached of run.files) {
    const line = csv.split('\r\n').find((row) => row.includes(md5(attached.bytes)));
    expect(line, attached.filename).toBeDefined();
    expect(line).toContain(`"${attached.bytes.length}"`);
    expect(line).toContain('"Matches storage"');
  }
  expect(csv).toContain('"SN 0042"');
  expect(csv).toContain('Taylor Technician');
  const html = readZipText(path, 'index.html');
  expect(html).toContain('a&lt;b&gt;:c&quot;d|e?f*g.txt');
  expect(html).not.toContain('<b>');
});

test('Cancel stops the package and leaves no complete-looking ZIP', async ({ page }) => {
  // The 5 MB file's read is held open so the package is surely under way when Cancel is pressed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached: () => void = () => undefined;
  const atBigFile = new Promise<void>((resolve) => (reached = resolve));
  await onPackageRead(page.context(), run.big.s3Key, async (route) => {
    reached();
    await held;
    await route.abort().catch(() => undefined);
  });
  await openRun(page);
  await page.getByRole('button', { name: 'Download all' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download all files' });
  await expect(dialog.getByTestId('package-size')).toBeVisible({ timeout: 120_000 });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  await atBigFile;
  await expect(dialog.getByTestId('package-progress')).toContainText('of 6 files');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByTestId('package-cancelled')).toContainText('not a complete package');
  release();
  expect(await download.failure()).not.toBeNull();
  const path = await download.path().catch(() => null);
  if (path) expect(looksComplete(path)).toBe(false);
});
