import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clientCredentialsToken, gql, startSandbox } from '../sandbox/test/harness.ts';
import { createAppServer } from '../scripts/serve-app.mjs';
import type { Page } from '@playwright/test';
import { expect, freePort, SANDBOX_URL, signIn, TECHNICIAN, test } from './fixtures.ts';
import { shareIntoApp, waitForOfflineReady } from './pwa-support.ts';
import { dropFilesOn } from './records-support.ts';
import { PNG_BYTES, pdfBytes } from './test-files.ts';

test.use({ serviceWorkers: 'allow' });

async function runAttachmentsNamed(filename: string, sandboxUrl = SANDBOX_URL): Promise<string[]> {
  const token = await clientCredentialsToken(sandboxUrl, 'technician');
  const result = await gql(
    sandboxUrl,
    token,
    `query { run(id: "1") { entity { fileAttachments { filename } } } }`,
  );
  expect(result.errors).toBeUndefined();
  const all = result.data?.run.entity.fileAttachments as { filename: string }[];
  return all.map((a) => a.filename).filter((name) => name === filename);
}

test.describe('installable app', () => {
  test('has a manifest with icons, theme colour, standalone display and a share target, and a worker', async ({
    page,
  }) => {
    await signIn(page, '/');
    await waitForOfflineReady(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await page.request.get(href!);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Floor Attach',
      short_name: 'Floor Attach',
      display: 'standalone',
      start_url: '/?launch=home-screen',
      theme_color: '#1c7ed6',
      share_target: { action: '/share', method: 'POST', enctype: 'multipart/form-data' },
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.ok()).toBe(true);
      expect(image.headers()['content-type']).toBe(icon.type);
    }
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', '#1c7ed6');

    // Chromium's own verdict, as it decides whether to offer "Install app".
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito profiles, where Chromium never offers installing; that is
    // the profile's doing, and every other criterion is the app's.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

    // Files are not pages: opened in the tab, the worker lets the server answer, never with the app.
    const config = await page.goto('/config.json');
    expect(config?.headers()['content-type']).toContain('application/json');
    expect((await page.goto('/sw.js'))?.headers()['content-type']).toContain('javascript');
    expect((await page.goto('/assets/gone-123.js'))?.status()).toBe(404);
  });

  test("the API and file storage are reached straight, not through the worker; the app's own files through it", async ({
    page,
  }) => {
    await signIn(page, '/parts/1');
    await waitForOfflineReady(page);
    await page.goto('/parts/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const filename = `through-${Date.now().toString(36)}.pdf`;
    await dropFilesOn(page.getByRole('heading', { level: 1 }), [
      { name: filename, type: 'application/pdf', bytes: [...pdfBytes(1)] },
    ]);
    await expect(page.getByRole('listitem', { name: `${filename}: Attached` })).toBeVisible();

    // How each request was routed, as the page's Resource Timing says: "network" is the worker's
    // static route (the worker was not asked); "" went through its fetch handler.
    const routed = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        url: entry.name,
        source: (entry as PerformanceResourceTiming & { workerMatchedSourceType?: string })
          .workerMatchedSourceType,
      })),
    );
    const fromApi = routed.filter(({ url }) => url.startsWith(`${SANDBOX_URL}/graphql`));
    const toStorage = routed.filter(({ url }) => url.startsWith(SANDBOX_URL) && url.includes('/storage/'));
    // The record's query, the file's ticket and its registration; the file's PUT.
    expect(fromApi.length).toBeGreaterThanOrEqual(3);
    expect(toStorage.length).toBeGreaterThanOrEqual(1);
    for (const request of [...fromApi, ...toStorage]) expect(request).toMatchObject({ source: 'network' });
    const ownFiles = routed.filter(({ url }) => new URL(url).origin === new URL(page.url()).origin);
    expect(ownFiles.length).toBeGreaterThan(0);
    for (const request of ownFiles) expect(request.source).not.toBe('network');
  });

  test('opened from the home screen it goes back to the last page', async ({ page }) => {
    await signIn(page, '/runs/1');
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
    await page.goto('/?launch=home-screen');
    await page.waitForURL((url) => url.pathname === '/runs/1');
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
  });

  test('a photo shared into the app is attached to the record the technician chooses', async ({ page }) => {
    const filename = `shared-${Date.now().toString(36)}.png`;
    await signIn(page, '/runs/1');
    await waitForOfflineReady(page);
    await page.goto('/parts/1');
    await expect(page.getByText('Part 1', { exact: true })).toBeVisible();

    await shareIntoApp(page, [{ name: filename, type: 'image/png', bytes: PNG_BYTES }]);
    await page.waitForURL((url) => url.pathname === '/share');
    await expect(page.getByRole('heading', { name: 'Attach shared files' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shared files' })).toContainText(filename);
    // This person's recent records are offered; the scan box is the other way in.
    const recent = page.getByRole('region', { name: 'Your recent records' });
    await expect(recent.getByRole('link', { name: /^Run 1: / })).toBeVisible();
    await expect(recent.getByRole('link', { name: /^Part 1: / })).toBeVisible();

    await page.getByLabel('Kind').selectOption('run');
    await page.getByLabel('Id, scanned label or link').fill('RUN-1');
    await page.getByLabel('Id, scanned label or link').press('Enter');
    await page.waitForURL((url) => url.pathname === '/runs/1');
    const offer = page.getByRole('region', { name: 'Shared files' });
    await expect(offer).toContainText(filename);
    await offer.getByRole('button', { name: /^Attach to Run 1/ }).click();
    await expect(offer).toBeHidden();
    await page.getByRole('button', { name: /Uploads/ }).click();
    await expect(
      page
        .getByRole('region', { name: /^All uploads/ })
        .getByRole('listitem', { name: `${filename}: Attached` }),
    ).toBeVisible();
    expect(await runAttachmentsNamed(filename)).toEqual([filename]);
  });
});

/** Holds this tab's storage PUTs until the returned function is called. */
async function holdPuts(page: Page, sandboxUrl: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${sandboxUrl}/storage/**`, async (route) => {
    if (route.request().method() === 'PUT') await released;
    await route.fallback();
  });
  return release;
}

async function chooseTextFile(page: Page, name: string): Promise<void> {
  await page.getByTestId('choose-files-input').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from('readings'),
  });
  await expect(page.getByRole('listitem', { name: `${name}: Uploading` }).first()).toBeVisible();
}

const markPage = (page: Page) =>
  page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
const pageWasKept = (page: Page) =>
  page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate === true);

test.describe('a new version', () => {
  test('is announced, and starts only when asked and once no tab has a file in flight: no tab reloads mid-upload', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    // A deployment of its own whose files this test can replace with a "new version".
    const port = await freePort();
    const appOrigin = `http://127.0.0.1:${port}`;
    const dist = await mkdtemp(path.join(os.tmpdir(), 'pwa-update-'));
    await cp(path.resolve('dist'), dist, { recursive: true });
    const sandbox = await startSandbox({ allowedOrigins: [appOrigin] });
    const app = await createAppServer({
      distDir: dist,
      env: { APP_API_URL: `${sandbox.url}/graphql`, APP_OIDC_AUTHORITY: `${sandbox.url}/oidc` },
    });
    await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', resolve));
    try {
      await signIn(page, '/runs/1', TECHNICIAN, appOrigin);
      await waitForOfflineReady(page);
      // A second tab of the same app, signed in through the provider's session.
      const other = await context.newPage();
      await other.goto(`${appOrigin}/runs/1`);
      await expect(other.getByText('Run 1', { exact: true })).toBeVisible();
      await waitForOfflineReady(other);

      const stamp = Date.now().toString(36);
      const [here, there] = [`during-update-${stamp}.txt`, `other-tab-${stamp}.txt`];
      const releaseHere = await holdPuts(page, sandbox.url);
      const releaseThere = await holdPuts(other, sandbox.url);
      await chooseTextFile(page, here);
      await chooseTextFile(other, there);

      // Deploy: the worker's script changes; an update check finds it (the app checks hourly and when shown).
      const worker = path.join(dist, 'sw.js');
      await writeFile(worker, `${await readFile(worker, 'utf8')}\n// next version\n`);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const notice = page.getByRole('status').filter({ hasText: 'Update available' });
      await expect(notice).toContainText('Update available: reload to use the new version.');
      await markPage(page);
      await markPage(other);

      await notice.getByRole('button', { name: 'Reload' }).click();
      await expect(notice).toContainText('reloading once the file being sent is attached');
      // This tab's file is sent; the other tab's is still on the wire, so nothing starts yet.
      releaseHere();
      await expect(page.getByRole('listitem', { name: `${here}: Attached` }).first()).toBeVisible();
      await expect(notice).toContainText('reloading once the files being sent from another tab are attached');
      expect(await pageWasKept(page)).toBe(true);
      expect(await pageWasKept(other)).toBe(true);

      const reloaded = Promise.all([page.waitForEvent('load'), other.waitForEvent('load')]);
      releaseThere();
      await reloaded;
      for (const tab of [page, other]) {
        await expect(tab.getByText('Run 1', { exact: true })).toBeVisible();
        expect(await pageWasKept(tab)).toBe(false);
      }
      expect(
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)),
      ).toBeNull();
      expect(await runAttachmentsNamed(here, sandbox.url)).toEqual([here]);
      expect(await runAttachmentsNamed(there, sandbox.url)).toEqual([there]);
    } finally {
      await new Promise((resolve) => app.close(resolve));
      await sandbox.stop();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
