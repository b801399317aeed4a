import { attachFile, entityIdOf, technicianToken } from './records-support';
import { expect, signIn, test } from './fixtures';
import { drag, editor, makePhoto, marks, PHOTO } from './markup-support';
import { scan } from './scanner-support';

test('a scan, Back, the open-by-id shortcut or a link while marking up asks before the marks are discarded', async ({
  page,
}) => {
  const name = `leaving-${Date.now().toString(36)}.jpg`;
  await signIn(page, '/');
  const token = await technicianToken();
  await attachFile(token, await entityIdOf(token, 'part', 1), name, new Uint8Array(await makePhoto(page)));
  // Into the part from the home page, so Back has a page of the app to go to.
  await page.getByLabel('Id, scanned label or link').fill('PART-1');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL('/parts/1');
  await page.getByRole('button', { name: `Mark up ${name}` }).click();
  await drag(page, editor(page).getByTestId('markup-canvas'), PHOTO, [300, 300], [600, 500]);
  await expect(marks(page)).toHaveText(['Red arrow']);

  const question = editor(page).getByText('Discard your marks?');
  // (While it asks, the address shows where Back was going; keeping the marks takes it back.)
  const stayedAfterAsking = async () => {
    await expect(question).toBeVisible();
    await editor(page).getByRole('button', { name: 'Keep marking up' }).click();
    await expect(question).toBeHidden();
    await expect(marks(page)).toHaveText(['Red arrow']);
    await expect(page).toHaveURL('/parts/1');
  };

  await scan(page, 'RS-1');
  await stayedAfterAsking();
  await page.goBack();
  await stayedAfterAsking();
  await page.keyboard.press('Control+k');
  await stayedAfterAsking();
  // A link of the page behind, followed as an assistive tool or a script would.
  await page
    .locator('a[href="/parts"]')
    .first()
    .evaluate((link: HTMLElement) => link.click());
  await stayedAfterAsking();
  // Closing or reloading the tab asks too (the browser's own question); staying keeps the marks.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(marks(page)).toHaveText(['Red arrow']);

  // Discarding lets the scan go where it said.
  await scan(page, 'RS-1');
  await editor(page).getByRole('button', { name: 'Discard marks' }).click();
  await expect(page).toHaveURL('/run-steps/1');
  await expect(editor(page)).toBeHidden();
  await expect(page.getByText('Run step 1', { exact: true })).toBeVisible();
});
