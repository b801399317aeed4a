import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { expect, signIn, test, VIEWER } from './fixtures.ts';
import {
  attachOnce,
  dropFilesOn,
  expectNoSeriousA11yViolations,
  KINDS,
  PNG_BYTES,
  pdfBytes,
  technicianToken,
  type FileBody,
} from './records-support.ts';

/** GraphQL requests for a fresh download URL of one attachment. */
function freshUrlRequests(page: Page, attachmentId: number): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const body = request.postDataJSON() as { operationName?: string; variables?: { id?: string } } | null;
    if (body?.operationName === 'FreshDownloadUrl' && body.variables?.id === String(attachmentId)) {
      seen.push(request);
    }
  });
  return seen;
}

test.describe('opening records', () => {
  for (const { kind, path, label } of KINDS) {
    test(`${label}: by deep link and through the open-by-id box`, async ({ page }) => {
      await signIn(page, `${path}/1`);
      await expect(page.getByText(`${label} 1`, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(page.getByRole('heading', { name: /Attachments \(\d+\)/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('link', { name: 'Open by id' }).click();
      const box = page.getByLabel('Id, scanned label or link');
      await expect(box).toBeFocused();
      await page.getByLabel('Kind').selectOption(kind);
      // A scanner types the characters, then Enter.
      await box.pressSequentially('1');
      await box.press('Enter');
      await expect(page).toHaveURL(`${path}/1`);
      await expect(page.getByText(`${label} 1`, { exact: true })).toBeVisible();
    });
  }

  test('prefixed labels and app links choose their own kind', async ({ page }) => {
    await signIn(page, '/');
    const box = page.getByLabel('Id, scanned label or link');
    await expect(box).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await box.fill('RUN-1');
    await box.press('Enter');
    await expect(page).toHaveURL('/runs/1');
    // The URL changes while the route still loads, with the home page's box (and its focus) still
    // there: a "/" typed then goes into the box. Wait for the run itself.
    await expect(page.getByTestId('record-context')).toHaveText('Run 1 · SN 0041');

    await page.keyboard.press('/');
    await expect(page).toHaveURL('/');
    await expect(box).toBeFocused();
    await box.fill('run step 1');
    await box.press('Enter');
    await expect(page).toHaveURL('/run-steps/1');
    // As above: the shortcut is pressed on the run step (a shortcut pressed while a page loads is
    // unit-tested in openByIdShortcut.test.tsx).
    await expect(page.getByTestId('record-context')).toHaveText('Run 1 · SN 0041 · Step 1');

    await page.keyboard.press('Control+k');
    await expect(box).toBeFocused();
    await box.fill(`${new URL(page.url()).origin}/run-step-fields/1`);
    await box.press('Enter');
    await expect(page).toHaveURL('/run-step-fields/1');
  });

  test('related records link to each other', async ({ page }) => {
    await signIn(page, '/runs/1');
    await page
      .getByRole('link', { name: /^Run step \d+:/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/run-steps\/\d+$/);
    await page
      .getByRole('link', { name: /^Run step field \d+:/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/run-step-fields\/\d+$/);
    await page.getByRole('link', { name: /^Run step \d+:/ }).click();
    await page.getByRole('link', { name: /^Run \d+:/ }).click();
    await page.getByRole('link', { name: /^Procedure \d+:/ }).click();
    await expect(page).toHaveURL(/\/procedures\/\d+$/);
    await page
      .getByRole('link', { name: /^Procedure step \d+:/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/steps\/\d+$/);
    await page.goto('/runs/1');
    await page.getByRole('link', { name: /^Part \d+:/ }).click();
    await expect(page).toHaveURL(/\/parts\/\d+$/);
  });

  test('bad and unknown ids get a clear message in place', async ({ page }) => {
    await signIn(page, '/');
    const box = page.getByLabel('Id, scanned label or link');
    await box.fill('abc');
    await box.press('Enter');
    await expect(page.getByText('“abc” is not a record id.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL('/');
    await box.fill('widget 4');
    await box.press('Enter');
    await expect(page.getByText('“widget” is not a kind of record')).toBeVisible();

    await page.goto('/runs/abc');
    await expect(page.getByRole('alert')).toContainText('“abc” is not a run id');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/run-steps/999999');
    await expect(page.getByRole('alert')).toContainText('Run step 999999 was not found');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Open another record by id' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('attachments', () => {
  // Each journey attaches to its own part, one no other journey uses (parts 21-26), so a retried worker
  // or a journey that ran earlier never adds to the counts these read.
  const pdfContent = pdfBytes();

  async function partWith(partId: number, files: [string, FileBody][]) {
    const token = await technicianToken();
    const ids: number[] = [];
    for (const [name, body] of files) ids.push(await attachOnce(token, 'part', partId, name, body));
    return ids;
  }

  test('lists files with type, thumbnail and safe names', async ({ page }) => {
    const hostileName = '<img src=x onerror=alert(1)>.png';
    await partWith(21, [
      ['bracket-photo.png', PNG_BYTES],
      ['inspection-report.pdf', pdfContent],
      [hostileName, PNG_BYTES],
      ['invoice\u202Egnp.exe', 'not really an exe'],
    ]);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, '/parts/21');
    const rows = page.getByTestId('attachment-row');
    await expect(page.getByRole('heading', { name: 'Attachments (4)' })).toBeVisible();
    await expect(rows).toHaveCount(4);
    const photo = rows.filter({ hasText: 'bracket-photo.png' });
    await expect(photo).toContainText('image/png');
    await expect(photo.getByTestId('attachment-thumbnail')).toHaveJSProperty('naturalWidth', 4);
    await expect(rows.filter({ hasText: 'inspection-report.pdf' })).toContainText('application/pdf');

    // The hostile name is text: no element from it, no script run.
    await expect(page.getByText(hostileName, { exact: true })).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
    // The direction override is shown as a code, so the name cannot pose as a .png.
    await expect(page.getByText('invoice[U+202E]gnp.exe', { exact: true })).toBeVisible();
    await expect(page.getByText('This name contains hidden characters')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('previews an image and a PDF with a fresh URL each time', async ({ page }) => {
    const [image, pdf] = await partWith(22, [
      ['bracket-photo.png', PNG_BYTES],
      ['inspection-report.pdf', pdfContent],
    ]);
    await signIn(page, '/parts/22');
    const imageRequests = freshUrlRequests(page, image!);
    await page.getByRole('button', { name: 'Preview bracket-photo.png' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('attachment-preview-image')).toHaveJSProperty('naturalWidth', 4);
    expect(imageRequests).toHaveLength(1);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);

    const pdfRequests = freshUrlRequests(page, pdf!);
    // The PDF's bytes come from storage through the fresh URL and pdf.js draws them in the page.
    const served: Buffer[] = [];
    await page.route('**/storage/**', async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      if (response.headers()['content-type'] === 'application/pdf') served.push(body);
      await route.fulfill({ response, body });
    });
    await page.getByRole('button', { name: 'Preview inspection-report.pdf' }).click();
    await expect(page.getByRole('dialog').getByTestId('pdf-page')).toHaveAttribute('data-rendered-page', '1');
    await expect(page.getByRole('dialog').getByTestId('pdf-page-count')).toHaveText('Page 1 of 1');
    expect(pdfRequests).toHaveLength(1);
    expect(served.some((body) => body.equals(pdfContent))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Preview bracket-photo.png' }).click();
    await expect(page.getByRole('dialog').getByTestId('attachment-preview-image')).toBeVisible();
    expect(imageRequests).toHaveLength(2);
  });

  test('downloads the stored bytes under the filename, asking for a new URL per click', async ({ page }) => {
    const [pdf] = await partWith(23, [['inspection-report.pdf', pdfContent]]);
    await signIn(page, '/parts/23');
    const requests = freshUrlRequests(page, pdf!);
    const button = page.getByRole('button', { name: 'Download inspection-report.pdf' });
    for (const expected of [1, 2]) {
      const download = page.waitForEvent('download');
      await button.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('inspection-report.pdf');
      expect(Buffer.compare(await readFile(await file.path()), pdfContent)).toBe(0);
      expect(requests).toHaveLength(expected);
    }
  });

  test('deletes after confirmation', async ({ page }) => {
    await partWith(24, [
      ['keep.txt', 'keep'],
      ['mistake.txt', 'oops'],
    ]);
    await signIn(page, '/parts/24');
    const mistake = page.getByTestId('attachment-row').filter({ hasText: 'mistake.txt' });
    await page.getByRole('button', { name: 'Delete mistake.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete attachment?' });
    await expect(dialog).toContainText('“mistake.txt” will be removed');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(mistake).toHaveCount(1);

    await page.getByRole('button', { name: 'Delete mistake.txt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(mistake).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Attachments (1)' })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('attachment-row').filter({ hasText: 'keep.txt' })).toBeVisible();
    await expect(mistake).toHaveCount(0);
  });

  test('the uploads tray agrees with the record: newest first, and a deleted file no longer counts', async ({
    page,
  }) => {
    await signIn(page, '/parts/26');
    const heading = page.getByRole('heading', { level: 1 });
    for (const name of ['first-shot.txt', 'second-shot.txt']) {
      await dropFilesOn(heading, [{ name, type: 'text/plain' }]);
      await expect(page.getByTestId('attachment-row').filter({ hasText: name })).toBeVisible();
    }
    await expect(page.getByTestId('attachment-row').first()).toContainText('second-shot.txt');
    const openTray = () => page.getByRole('button', { name: /^Uploads/ }).click();
    const tray = page.getByRole('dialog', { name: 'Uploads' });
    await openTray();
    await expect(tray.getByRole('listitem')).toHaveText([/^second-shot\.txt/, /^first-shot\.txt/]);
    await expect(tray).toContainText('2 of 2 attached');
    await tray.getByRole('button', { name: 'Close uploads' }).click();

    await page.getByRole('button', { name: 'Delete second-shot.txt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Attachments (1)' })).toBeVisible();
    await openTray();
    await expect(tray.getByRole('listitem')).toHaveText([/^first-shot\.txt/]);
    await expect(tray).toContainText('1 of 1 attached');
  });

  test('a viewer sees the page is view only before trying anything: no Delete, no Choose files', async ({
    page,
  }) => {
    await partWith(25, [['bracket-photo.png', PNG_BYTES]]);
    await signIn(page, '/parts/25', VIEWER);
    // The server refuses the viewer an upload ticket as the pages open: said before any attempt.
    await expect(page.getByTestId('view-only')).toBeVisible();
    await expect(page.getByTestId('view-only')).toContainText('does not let you attach or delete files');
    await expect(page.getByRole('button', { name: 'Delete bracket-photo.png' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose files' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Take photo' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Preview bracket-photo.png' })).toBeVisible();
  });
});
