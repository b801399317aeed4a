import { expect, signIn, test } from './fixtures.ts';
import { KINDS } from './records-support.ts';
import { expectOfflineShell, waitForOfflineReady } from './pwa-support.ts';
import { fillTheDisk } from './full-disk-support.ts';

test.use({ serviceWorkers: 'allow' });

const OFFLINE_MESSAGE = /Cannot reach the server\. Check the Wi-Fi connection and try again\./;
const MB = 1024 * 1024;

/** How many files the upload queue has stored in this browser (its IndexedDB), counted in the page. */
function storedUploadCount(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('floor-uploads-v2');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction('files').objectStore('files').count();
      count.onsuccess = () => {
        open.result.close();
        resolve(count.result);
      };
      count.onerror = () => reject(count.error);
    };
  });
}

test.describe('working through a dead zone', () => {
  test('after one online visit every record page and Parts open offline, also after a reload', async ({
    page,
    context,
  }) => {
    await signIn(page, '/');
    await waitForOfflineReady(page);
    await context.setOffline(true);

    for (const { path, label } of KINDS) {
      // A page whose code this tab never loaded: it comes from the service worker's cache. The record
      // was never opened here: its kind and id, and files can still be added to it.
      await page.goto(`${path}/1`);
      await expectOfflineShell(page);
      await expect(page.getByRole('main').getByText(OFFLINE_MESSAGE)).toBeVisible();
      await expect(page.getByRole('heading', { name: `${label} 1` })).toBeVisible();
      await expect(page.getByText('Not kept on this tablet')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible();
    }
    await page.goto('/parts');
    await expectOfflineShell(page);
    await expect(page.getByRole('main').getByText(OFFLINE_MESSAGE)).toBeVisible();
    await expect(page.getByText('Offline: searching parts kept on this tablet')).toBeVisible();

    await page.reload();
    await expectOfflineShell(page);
    await expect(page.getByRole('main').getByText(OFFLINE_MESSAGE)).toBeVisible();

    // The page comes back by itself when the network does.
    await page.goto('/runs/1');
    await expect(page.getByRole('main').getByText(OFFLINE_MESSAGE)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Not kept on this tablet')).toHaveCount(0);
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
    await expect(page.getByTestId('network-indicator')).toHaveCount(0);
  });

  test('files dropped offline wait through a reload, shown in the header, and go when the network is back', async ({
    page,
    context,
  }) => {
    const stem = `dead-zone-${Date.now().toString(36)}`;
    const filename = `${stem}.txt`;
    await signIn(page, '/parts/1');
    await expect(page.getByText('Part 1', { exact: true })).toBeVisible();
    await waitForOfflineReady(page);
    // The tablet's storage is all but full: 3 MB left for the upload queue's files.
    await fillTheDisk(context, 3 * MB);
    await page.reload();
    await expect(page.getByText('Part 1', { exact: true })).toBeVisible();
    await context.setOffline(true);
    // Four logs of 55 % of the room: one fits, the others do not.
    const logBytes = Math.floor(3 * MB * 0.55);

    await page.getByTestId('choose-files-input').setInputFiles({
      name: filename,
      mimeType: 'text/plain',
      buffer: Buffer.from('torque readings'),
    });
    await expect(page.getByTestId('network-indicator')).toHaveText('Offline · 1 waiting for the network');

    // Four such logs do not all fit. Each file is stored on its own, and those that could not be are
    // named at once, not lost in silence at the next reload.
    await page.getByTestId('choose-files-input').setInputFiles(
      [1, 2, 3, 4].map((n) => ({
        name: `${stem}-${n}.log`,
        mimeType: 'text/plain',
        buffer: Buffer.alloc(logBytes, 48 + n),
      })),
    );
    await expect(page.getByTestId('network-indicator')).toHaveText('Offline · 5 waiting for the network');
    const notKept = page
      .getByRole('listitem', { name: new RegExp(`^${stem}-\\d\\.log: `) })
      .filter({ hasText: 'Not saved on this tablet: keep this page open until sent.' });
    await expect(notKept.first()).toBeVisible();
    // Every file is either stored or said not to be; some of the logs are stored (each on its own).
    const stored = () => page.evaluate(storedUploadCount);
    await expect.poll(async () => (await stored()) + (await notKept.count())).toBe(5);
    const kept = await stored();
    expect(kept).toBe(2);

    await page.reload();
    await expectOfflineShell(page);
    await expect(page.getByTestId('network-indicator')).toHaveText(
      `Offline · ${kept} waiting for the network`,
    );
    await page.goto('/parts');
    await expect(page.getByTestId('network-indicator')).toHaveText(
      `Offline · ${kept} waiting for the network`,
    );

    await context.setOffline(false);
    await expect(page.getByTestId('network-indicator')).toHaveCount(0);
    await page.getByRole('button', { name: /Uploads/ }).click();
    await expect(page.getByRole('listitem', { name: `${filename}: Attached` })).toBeVisible();
    await expect(page.getByRole('listitem', { name: /: Attached$/ })).toHaveCount(kept);
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
