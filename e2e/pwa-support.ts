import { expect, type BrowserContext, type Page } from '@playwright/test';
import { APP_ORIGIN } from './fixtures.ts';

export { waitForOfflineReady } from './offline-ready.ts';

/** The in-place offline state: the app's shell is there, not the browser's error page. */
export async function expectOfflineShell(page: Page): Promise<void> {
  // The app's header (its account menu), whatever the width leaves of the product's name.
  await expect(page.getByRole('banner').getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('network-indicator')).toContainText('Offline');
}

export interface SharedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * What the tablet's share sheet does: a multipart POST navigation to the manifest's action. Sent
 * from a page of the app, as the worker sees nothing that tells the two apart.
 */
export async function shareIntoApp(page: Page, files: SharedFile[]): Promise<void> {
  await page.evaluate(
    (shared) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share';
      form.enctype = 'multipart/form-data';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'files';
      const transfer = new DataTransfer();
      for (const { name, type, bytes } of shared) {
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      }
      input.files = transfer.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    files.map(({ name, type, bytes }) => ({ name, type, bytes: [...bytes] })),
  );
}

/** The names of the files waiting in the share inbox, read from IndexedDB in a page of the app. */
export async function shareInboxNames(context: BrowserContext): Promise<string[]> {
  const page = await context.newPage();
  // A file the worker lets through: a document of the app's origin that no sign-in redirects away.
  await page.goto(`${APP_ORIGIN}/manifest.webmanifest`);
  const names = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('floor-share');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('inbox')) return resolve([]);
          const all = db.transaction('inbox').objectStore('inbox').getAll();
          all.onsuccess = () =>
            resolve((all.result as { files: File[] }[]).flatMap((share) => share.files.map((f) => f.name)));
        };
      }),
  );
  await page.close();
  return names;
}
