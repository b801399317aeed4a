import { expect, signIn, test } from './fixtures.ts';
import { KINDS } from './records-support.ts';
import { expectOfflineShell, waitForOfflineReady } from './pwa-support.ts';

test.use({ serviceWorkers: 'allow' });

const OFFLINE_MESSAGE = /Cannot reach the server\. Check the Wi-Fi connection and try again\./;

test.describe('working through a dead zone', () => {
  test('after one online visit every record page and Parts open offline, also after a reload', async ({
    page,
    context,
  }) => {
    await signIn(page, '/');
    await waitForOfflineReady(page);
    await context.setOffline(true);

    for (const { path, label } of KINDS) {
      // A page whose code this tab never loaded: it comes from the service worker's cache.
      await page.goto(`${path}/1`);
      await expectOfflineShell(page);
      await expect(page.getByRole('main').getByText(OFFLINE_MESSAGE)).toBeVisible();
      await expect(page.getByText(`${label} 1`, { exact: true })).toHaveCount(0);
    }
    await page.goto('/parts');
    await expectOfflineShell(page);
    await expect(page.getByRole('main').getByText(OFFLINE_MESSAGE)).toBeVisible();

    await page.reload();
    await expectOfflineShell(page);
    await expect(page.getByRole('main').getByText(OFFLINE_MESSAGE)).toBeVisible();

    // The page comes back by itself when the network does.
    await page.goto('/runs/1');
    await expect(page.getByRole('main').getByText(OFFLINE_MESSAGE)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
    await expect(page.getByTestId('network-indicator')).toHaveCount(0);
  });

  test('files dropped offline wait through a reload, shown in the header, and go when the network is back', async ({
    page,
    context,
  }) => {
    const filename = `dead-zone-${Date.now().toString(36)}.txt`;
    await signIn(page, '/parts/1');
    await expect(page.getByText('Part 1', { exact: true })).toBeVisible();
    await waitForOfflineReady(page);
    await context.setOffline(true);

    await page.getByTestId('choose-files-input').setInputFiles({
      name: filename,
      mimeType: 'text/plain',
      buffer: Buffer.from('torque readings'),
    });
    await expect(page.getByTestId('network-indicator')).toHaveText('Offline · 1 waiting for the network');

    await page.reload();
    await expectOfflineShell(page);
    await expect(page.getByTestId('network-indicator')).toHaveText('Offline · 1 waiting for the network');
    await page.goto('/parts');
    await expect(page.getByTestId('network-indicator')).toHaveText('Offline · 1 waiting for the network');

    await context.setOffline(false);
    await expect(page.getByTestId('network-indicator')).toHaveCount(0);
    await page.getByRole('button', { name: /Uploads/ }).click();
    await expect(page.getByRole('listitem', { name: `${filename}: Attached` })).toBeVisible();
  });

  test('a network that takes config.json and never answers: the installed app still starts, from its copy', async ({
    page,
    context,
  }) => {
    await signIn(page, '/parts/1');
    await waitForOfflineReady(page);
    // Dead Wi-Fi behind a live access point: the request is accepted and nothing ever comes back.
    let hanging = 0;
    await context.route('**/config.json', () => {
      hanging += 1;
      return new Promise<void>(() => {});
    });
    await page.reload();
    await expect(page.getByText('Part 1', { exact: true })).toBeVisible();
    expect(hanging).toBeGreaterThan(0);
  });
});
