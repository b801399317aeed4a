import { expect, type Locator, type Page } from '@playwright/test';

/** What the device keeps for offline use (IndexedDB floor-kept-records), read in the page. */
export interface KeptOnDevice {
  owner: { subject: string; organization: string };
  /** `Typename:id` of the records kept with the time they came. */
  records: string[];
  /** Every normalized cache id kept (records, lists, the person). */
  cacheIds: string[];
}

/**
 * The records kept on this device, straight from IndexedDB (not the screen); null when nothing is.
 * Never creates the database: opening one that does not exist would create it without its store.
 */
export function keptOnDevice(page: Page): Promise<KeptOnDevice | null> {
  return page.evaluate(async () => {
    const name = 'floor-kept-records';
    if (!(await indexedDB.databases()).some((db) => db.name === name)) return null;
    return new Promise<KeptOnDevice | null>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('records')) {
          db.close();
          resolve(null);
          return;
        }
        const get = db.transaction('records').objectStore('records').get('snapshot');
        get.onerror = () => reject(get.error);
        get.onsuccess = () => {
          db.close();
          const snapshot = get.result as
            | {
                owner: KeptOnDevice['owner'];
                fetchedAt: Record<string, number>;
                cache: Record<string, unknown>;
              }
            | undefined;
          resolve(
            snapshot
              ? {
                  owner: snapshot.owner,
                  records: Object.keys(snapshot.fetchedAt),
                  cacheIds: Object.keys(snapshot.cache),
                }
              : null,
          );
        };
      };
    });
  });
}

/** The kept record keys, or [] when nothing is kept: for `expect.poll`. */
export async function keptRecordKeys(page: Page): Promise<string[]> {
  return (await keptOnDevice(page))?.records ?? [];
}

/**
 * Signs out through the app's account menu: the identity provider, given the ID token as the hint,
 * asks nothing and shows its login page, which asks for the password.
 */
export async function signOutAtProvider(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await expect(page.getByLabel('Password')).toBeVisible();
}

/** The names of the files the upload queue has stored on the tablet (entry and bytes). */
export function storedUploadNames(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('floor-uploads-v2');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['entries', 'files'], 'readonly');
          const entries = tx.objectStore('entries').getAll();
          const files = tx.objectStore('files').getAllKeys();
          tx.oncomplete = () => {
            open.result.close();
            const withBytes = new Set(files.result);
            resolve(
              (entries.result as { id: string; filename: string }[])
                .filter((entry) => withBytes.has(entry.id))
                .map((entry) => entry.filename),
            );
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/**
 * Until the pin status (`getByTestId('pin-status')`) has settled, pinned or failed: a pin fetches a
 * record's steps, fields and files ahead (17-18 of them for run 1), and on a loaded machine that
 * outlasts the default wait while still moving. Read its words after, so a failure shows its reason.
 */
export async function pinSettled(status: Locator, message?: string): Promise<void> {
  await expect(status, message).toHaveAttribute('data-state', /^(pinned|failed)$/, { timeout: 60_000 });
}
