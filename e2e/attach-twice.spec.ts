import type { Page } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { attachFile, dropFilesOn, entityIdOf, pdfBytes, technicianToken } from './records-support.ts';

/** A name no other journey uses, so the API's list counts only this journey's files. */
const uniqueName = (base: string) => `${base}-${Date.now().toString(36)}.pdf`;

/** How many attachments Part 1 holds under `filename`, as the API says. */
async function attachedAs(filename: string): Promise<number> {
  const res = await gql(
    SANDBOX_URL,
    await technicianToken(),
    `{ part(id: "1") { entity { fileAttachments { filename } } } }`,
  );
  const list = (res.data?.part.entity.fileAttachments ?? []) as { filename: string }[];
  return list.filter((item) => item.filename === filename).length;
}

const question = (page: Page) => page.getByRole('dialog', { name: 'Attach this file again?' });

async function dropPdf(page: Page, filename: string, bytes: number[]): Promise<void> {
  await dropFilesOn(page.getByRole('heading', { level: 1 }), [
    { name: filename, type: 'application/pdf', bytes },
  ]);
}

test.describe('the same file twice', () => {
  test('asks before attaching it again: dropped, after a reload, by its address, by Choose files', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const filename = uniqueName('torque-sheet');
    const bytes = [...pdfBytes(1)];
    await signIn(page, '/parts/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await dropPdf(page, filename, bytes);
    await expect(page.getByRole('listitem', { name: `${filename}: Attached` })).toBeVisible();

    // In the same page load.
    await dropPdf(page, filename, bytes);
    await expect(question(page)).toContainText(`${filename}: Already attached to Part`);
    await question(page).getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(question(page)).toBeHidden();

    // After a reload: this tablet remembers what it attached.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(filename, { exact: true }).first()).toBeVisible();
    await dropPdf(page, filename, bytes);
    await expect(question(page)).toContainText('Already attached to Part');
    await question(page).getByRole('button', { name: 'Skip', exact: true }).click();

    // Opened again by its address (a new page load), by Choose files.
    await page.goto('/parts/1');
    await expect(page.getByText(filename, { exact: true }).first()).toBeVisible();
    await page.getByTestId('choose-files-input').setInputFiles({
      name: filename,
      mimeType: 'application/pdf',
      buffer: Buffer.from(bytes),
    });
    await expect(question(page)).toContainText('Already attached to Part');
    await question(page).getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(question(page)).toBeHidden();
    expect(await attachedAs(filename)).toBe(1);
  });

  test('asks about a file the record already holds under that name, attached from elsewhere', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const filename = uniqueName('calibration');
    const token = await technicianToken();
    await attachFile(token, await entityIdOf(token, 'part', 1), filename, pdfBytes(2));
    await signIn(page, '/parts/1');
    await expect(page.getByText(filename, { exact: true }).first()).toBeVisible();
    await dropPdf(page, filename, [...pdfBytes(2)]);
    await expect(question(page)).toContainText(`${filename}: Part`);
    await expect(question(page)).toContainText('already has a file with this name');
    await question(page).getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(question(page)).toBeHidden();
    expect(await attachedAs(filename)).toBe(1);
  });
});
