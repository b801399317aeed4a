import { expect, signIn, test } from './fixtures.ts';
import { attachFile, dropFilesOn, entityIdOf, pdfBytes, technicianToken } from './records-support.ts';
import { scan } from './scanner-support.ts';

test.describe('focus lands on something visible and useful', () => {
  test('after a drop, on the new upload rows; a queued file’s Cancel is a worded button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await signIn(page, '/parts/2');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Storage does not answer yet: the file stays queued with its Cancel.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.includes('/storage/') || url.searchParams.has('X-Amz-Signature'),
      async (route) => {
        if (route.request().method() === 'PUT') await held;
        await route.fallback();
      },
    );
    const filename = `focus-${Date.now().toString(36)}.txt`;
    await dropFilesOn(page.getByRole('heading', { level: 1 }), [{ name: filename, type: 'text/plain' }]);
    const uploads = page.getByRole('region', { name: /^Uploads to Part/ });
    await expect(uploads).toBeFocused();
    await expect(uploads).toBeInViewport();
    const cancel = page.getByRole('button', { name: `Cancel ${filename}` });
    await expect(cancel).toHaveText('Cancel');
    const box = await cancel.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    release();
  });

  test('the PDF preview turns pages with the arrow keys and keeps focus on its last page', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const token = await technicianToken();
    const filename = `pages-${Date.now().toString(36)}.pdf`;
    await attachFile(token, await entityIdOf(token, 'part', 15), filename, pdfBytes(2));
    await signIn(page, '/parts/15');
    await page
      .getByRole('button', { name: `Preview ${filename}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    // PDF.js starts its worker first: on a loaded machine opening the PDF takes more than 10 s.
    await expect(dialog.getByTestId('pdf-page')).toHaveAttribute('data-rendered-page', '1', {
      timeout: 60_000,
    });
    await dialog.getByRole('button', { name: 'Close', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByTestId('pdf-page-count')).toHaveText('Page 2 of 2');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByTestId('pdf-page-count')).toHaveText('Page 1 of 2');
    const next = dialog.getByRole('button', { name: 'Next page' });
    await next.click();
    await expect(dialog.getByTestId('pdf-page-count')).toHaveText('Page 2 of 2');
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toBeFocused();
    // Pressed again on the last page (it is announced unavailable, so Playwright will not click it).
    await page.keyboard.press('Enter');
    await expect(next).toBeFocused();
    await expect(dialog.getByTestId('pdf-page-count')).toHaveText('Page 2 of 2');
  });

  test('in portrait the main sections are one tap away, home offers the runs list, and a scan closes the account menu', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await signIn(page, '/');
    await expect(page.getByRole('button', { name: 'Navigation' })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Open by id', 'Parts', 'Runs'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse parts' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse runs' }).click();
    await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();

    await page.getByTestId('account-menu').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await scan(page, 'RUN-2');
    await expect(page).toHaveURL('/runs/2');
    await expect(page.getByRole('menu')).toBeHidden();
  });
});
