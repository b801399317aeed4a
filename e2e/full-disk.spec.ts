import type { Page } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { expect, isSignedStorageUrl, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { technicianToken } from './records-support.ts';
import { fillTheDisk } from './full-disk-support.ts';
import { lowContrast } from './screen-checks.ts';
import { storedUploadNames } from './offline-support.ts';

// A full disk loses nothing silently (issue 36): the tablet's storage has room for about a third of a
// drop of 30 files (see fillTheDisk).

const FILES = 30;
const FILE_BYTES = 200 * 1024;
/** Room for about a third of the drop. */
const ROOM = 10 * FILE_BYTES;
const NOT_SAVED = 'Not saved on this tablet: keep this page open until sent.';

/** Drops `names` on the page's heading, each file with its own bytes (so none is a duplicate of another). */
async function dropDistinctFiles(page: Page, names: string[]): Promise<void> {
  const target = page.getByRole('heading', { level: 1 });
  const dataTransfer = await page.evaluateHandle(
    ({ names, size }) => {
      const transfer = new DataTransfer();
      names.forEach((name, index) => {
        const bytes = new Uint8Array(size).map((_, i) => (i * 31 + index * 7) % 251);
        transfer.items.add(new File([bytes], name, { type: 'text/plain' }));
      });
      return transfer;
    },
    { names, size: FILE_BYTES },
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
}

/** The names of the files whose rows say they are not saved on this tablet. */
function flaggedNames(page: Page): Promise<string[]> {
  return page
    .getByRole('listitem')
    .filter({ hasText: NOT_SAVED })
    .evaluateAll((rows) => rows.map((row) => (row.getAttribute('aria-label') ?? '').replace(/: [^:]*$/, '')));
}

/** Part 1's attachments named with `stem`, as the API lists them. */
async function attachedNames(stem: string): Promise<string[]> {
  const res = await gql(
    SANDBOX_URL,
    await technicianToken(),
    `{ part(id: "1") { entity { fileAttachments { filename } } } }`,
  );
  const list = (res.data?.part.entity.fileAttachments ?? []) as { filename: string }[];
  return list.map((item) => item.filename).filter((name) => name.startsWith(stem));
}

test('a full tablet: every file it cannot store is flagged, leaving asks first, and what it stored is attached once after a reload', async ({
  page,
}) => {
  // About 10 s on an idle machine; a loaded CI runner takes four times as long.
  test.setTimeout(120_000);
  const stem = `full-disk-${Date.now().toString(36)}`;
  const names = Array.from({ length: FILES }, (_, i) => `${stem}-${String(i + 1).padStart(2, '0')}.log`);
  await fillTheDisk(page.context(), ROOM);
  // Storage answers no PUT while the tablet fills: the files stay here, as on a dead network.
  let holding = true;
  await page.route(isSignedStorageUrl, (route) => (holding ? route.abort('failed') : route.fallback()));
  await signIn(page, '/parts/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await dropDistinctFiles(page, names);

  // Every file is stored or flagged, never neither; the list says how many are not saved.
  await expect(page.getByTestId('uploads-only-in-page')).toBeVisible();
  let stored: string[] = [];
  let flagged: string[] = [];
  await expect
    .poll(async () => {
      [stored, flagged] = await Promise.all([storedUploadNames(page), flaggedNames(page)]);
      return [...stored, ...flagged].sort();
    })
    .toEqual(names);
  expect(stored.length).toBeGreaterThan(0);
  expect(flagged.length).toBeGreaterThan(0);
  await expect(page.getByTestId('uploads-only-in-page')).toHaveText(
    `${flagged.length} files are not saved on this tablet: keep this page open until they are sent, or they are lost.`,
  );

  // Read at 4.5:1 in the light and the dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await lowContrast(page, '[data-testid="uploads-only-in-page"], li p[data-tone="failed"]')).toEqual(
      [],
    );
  }

  // Reloading asks first (the browser's question, once the technician has touched the page).
  await page.getByTestId('uploads-only-in-page').click();
  const asked = page.waitForEvent('dialog');
  const reloading = page.reload();
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  holding = false;
  await dialog.accept();
  await reloading;

  // What was stored is attached, each file once; what was flagged was lost, as the page said.
  await expect
    .poll(async () => (await attachedNames(stem)).sort(), { timeout: 30_000 })
    .toEqual(stored.sort());
  await expect.poll(async () => (await storedUploadNames(page)).length).toBe(0);

  // Nothing is held only in this page now: leaving asks nothing.
  let askedAgain = false;
  page.on('dialog', (again) => {
    askedAgain = true;
    void again.accept();
  });
  await page.getByRole('heading', { level: 1 }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(askedAgain).toBe(false);
});
