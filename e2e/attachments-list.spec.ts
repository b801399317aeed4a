import { RECORD_REFRESH_MS } from '../src/features/record-view/useRefreshWhileOpen.ts';
import { expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { gql } from '../sandbox/test/harness.ts';
import {
  attachFile,
  dropFilesOn,
  entityIdOf,
  expectNoSeriousA11yViolations,
  PNG_BYTES,
  pdfBytes,
  technicianToken,
} from './records-support.ts';

const unique = (base: string) => `${base}-${Date.now().toString(36)}.txt`;

test.describe('did my photo land', () => {
  test('a new upload is first in the list, in view, with its size, who added it and when', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const token = await technicianToken();
    const entityId = await entityIdOf(token, 'part', 11);
    for (const name of ['older-a.txt', 'older-b.txt', 'older-c.txt']) {
      await attachFile(token, entityId, unique(name), 'older file');
    }
    await signIn(page, '/parts/11');
    await expect(page.getByTestId('attachment-row').first()).toBeVisible();

    const filename = unique('fresh');
    await dropFilesOn(page.getByRole('heading', { level: 1 }), [
      { name: filename, type: 'text/plain', size: 2048 },
    ]);
    const first = page.getByTestId('attachment-row').first();
    await expect(first).toContainText(filename);
    await expect(first).toBeInViewport();
    await expect(first).toContainText('2 KB');
    await expect(first).toContainText('added by Taylor Technician');
    // Locale time to the minute: hours and minutes, no seconds.
    await expect(first).toContainText(/\d{1,2}:\d{2}(?!:\d)/);
  });

  test('two tablets on one record see each other’s new files without a reload', async ({ browser }) => {
    const tabletA = await browser.newContext();
    const tabletB = await browser.newContext();
    const [a, b] = [await tabletA.newPage(), await tabletB.newPage()];
    // Tablet B's clock runs as usual, and is moved on past one refresh interval below instead of the
    // journey waiting it out (15 s of every run).
    await b.clock.install();
    await signIn(a, '/parts/12');
    await signIn(b, '/parts/12');
    await expect(b.getByRole('heading', { name: /^Attachments/ })).toBeVisible();

    const filename = unique('from-tablet-a');
    await dropFilesOn(a.getByRole('heading', { level: 1 }), [{ name: filename, type: 'text/plain' }]);
    await expect(a.getByTestId('attachment-row').first()).toContainText(filename);

    // Tablet B neither reloads nor is touched: the open page asks again once its interval has passed.
    // (Not checked absent first: on a loaded machine B's own interval may already have run by then.)
    await b.clock.fastForward(RECORD_REFRESH_MS);
    await expect(b.getByTestId('attachment-row').filter({ hasText: filename })).toBeVisible();
    await tabletA.close();
    await tabletB.close();
  });
});

/** Files on part `id` whose name starts with `prefix`, read through the API. */
async function filesNamed(id: number, prefix: string): Promise<string[]> {
  const res = await gql(
    SANDBOX_URL,
    await technicianToken(),
    'query P($id: ID!) { part(id: $id) { entity { fileAttachments { filename } } } }',
    { id: String(id) },
  );
  expect(res.errors).toBeUndefined();
  return res.data?.part.entity.fileAttachments
    .map((a: { filename: string }) => a.filename)
    .filter((name: string) => name.startsWith(prefix));
}

test('the same photo dropped twice on a record asks first: skip by default, or attach again', async ({
  page,
}) => {
  const prefix = `dup-${Date.now().toString(36)}`;
  const bytes = Array.from({ length: 300 }, (_, i) => (i * 7) % 256);
  await signIn(page, '/parts/13');
  const title = page.getByRole('heading', { level: 1 });
  await dropFilesOn(title, [{ name: `${prefix}-a.jpg`, type: 'image/jpeg', bytes }]);
  await expect(page.getByTestId('attachment-row').first()).toContainText(`${prefix}-a.jpg`);

  // Same bytes under another name (a second shot of the camera roll): the technician is asked.
  await dropFilesOn(title, [{ name: `${prefix}-b.jpg`, type: 'image/jpeg', bytes }]);
  const dialog = page.getByRole('dialog', { name: 'Attach this file again?' });
  await expect(dialog).toContainText(`${prefix}-b.jpg: Already attached to Part 13:`);
  await expect(dialog).toContainText(/ at \d{1,2}:\d{2}/);
  await expect(dialog.getByRole('button', { name: 'Skip', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: new RegExp(`^${prefix}-b`) })).toHaveCount(0);
  expect(await filesNamed(13, prefix)).toEqual([`${prefix}-a.jpg`]);

  await dropFilesOn(title, [{ name: `${prefix}-c.jpg`, type: 'image/jpeg', bytes }]);
  await dialog.getByRole('button', { name: 'Attach again' }).click();
  await expect(page.getByTestId('attachment-row').first()).toContainText(`${prefix}-c.jpg`);
  expect((await filesNamed(13, prefix)).sort()).toEqual([`${prefix}-a.jpg`, `${prefix}-c.jpg`]);
});

test('previews a multi-page PDF with pdf.js and steps through a record’s images', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await technicianToken();
  const entity = await entityIdOf(token, 'part', 14);
  await attachFile(token, entity, 'photo-one.png', PNG_BYTES);
  await attachFile(token, entity, 'photo-two.png', PNG_BYTES);
  await attachFile(token, entity, 'three-pages.pdf', pdfBytes(3));
  await signIn(page, '/parts/14');

  await page.getByRole('button', { name: 'Preview three-pages.pdf' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('pdf-page-count')).toHaveText('Page 1 of 3');
  await expect(dialog.getByTestId('pdf-page')).toHaveAttribute('data-rendered-page', '1');
  await dialog.getByRole('button', { name: 'Next page' }).click();
  await expect(dialog.getByTestId('pdf-page-count')).toHaveText('Page 2 of 3');
  await expect(dialog.getByTestId('pdf-page')).toHaveAttribute('data-rendered-page', '2');
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect(dialog.getByText('150 %')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Opened again: the one pdf.js worker outlived the first document and renders the next.
  await page.getByRole('button', { name: 'Preview three-pages.pdf' }).click();
  await expect(dialog.getByTestId('pdf-page')).toHaveAttribute('data-rendered-page', '1');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Newest first: photo-two, then photo-one; next and previous stay within the record's images.
  await page.getByRole('button', { name: 'Preview photo-two.png' }).click();
  await expect(dialog).toContainText('1 of 2');
  await expect(dialog.getByTestId('attachment-preview-image')).toHaveJSProperty('naturalWidth', 4);
  await dialog.getByRole('button', { name: 'Next image' }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview: photo-one.png' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next image' })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('heading', { name: 'Preview: photo-two.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect(dialog.getByTestId('zoom-level')).toHaveText('150 %');
});
