import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clientCredentialsToken, gql, startSandbox } from '../sandbox/test/harness.ts';
import { createAppServer } from '../scripts/serve-app.mjs';
import { expect, freePort, SANDBOX_URL, signIn, TECHNICIAN, test } from './fixtures.ts';
import { waitForOfflineReady } from './pwa-support.ts';

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

    // What the tablet's share sheet does: a multipart POST navigation to the manifest's action.
    await page.evaluate((name) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share';
      form.enctype = 'multipart/form-data';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'files';
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' }),
      );
      input.files = transfer.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    }, filename);
    await page.waitForURL((url) => url.pathname === '/share');
    await expect(page.getByRole('heading', { name: 'Attach shared files' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shared files' })).toContainText(filename);
    // Recent records are offered; the scan box is the other way in.
    await expect(page.getByRole('link', { name: 'Run 1' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Part 1' })).toBeVisible();

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

test.describe('a new version', () => {
  test('is announced, and reloads only when asked and once the file in flight is attached', async ({
    page,
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

      let releasePut!: () => void;
      const putReleased = new Promise<void>((resolve) => (releasePut = resolve));
      await page.route(`${sandbox.url}/storage/**`, async (route) => {
        if (route.request().method() === 'PUT') await putReleased;
        await route.fallback();
      });
      const filename = `during-update-${Date.now().toString(36)}.txt`;
      await page.getByTestId('choose-files-input').setInputFiles({
        name: filename,
        mimeType: 'text/plain',
        buffer: Buffer.from('readings'),
      });
      await expect(page.getByRole('listitem', { name: `${filename}: Uploading` }).first()).toBeVisible();

      // Deploy: the worker's script changes; an update check finds it (the app checks hourly and when shown).
      const worker = path.join(dist, 'sw.js');
      await writeFile(worker, `${await readFile(worker, 'utf8')}\n// next version\n`);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const notice = page.getByRole('status').filter({ hasText: 'Update available' });
      await expect(notice).toContainText('Update available: reload to use the new version.');

      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      await notice.getByRole('button', { name: 'Reload' }).click();
      await expect(notice).toContainText('reloading once the file being sent is attached');
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(
        true,
      );

      const reloaded = page.waitForEvent('load');
      releasePut();
      await reloaded;
      await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
      ).toBeUndefined();
      expect(
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)),
      ).toBeNull();
      expect(await runAttachmentsNamed(filename, sandbox.url)).toEqual([filename]);
    } finally {
      await new Promise((resolve) => app.close(resolve));
      await sandbox.stop();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
