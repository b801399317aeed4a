import { RECORD_REFRESH_MS } from '../src/components/records/useRefreshWhileOpen.ts';
import { expect, signIn, test } from './fixtures.ts';
import { attachFile, dropFilesOn, entityIdOf, technicianToken } from './records-support.ts';

const unique = (base: string) => `${base}-${Date.now().toString(36)}.txt`;

test.describe('did my photo land', () => {
  test('a new upload is first in the list, in view, with its size, who added it and when', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const token = await technicianToken();
    const entityId = await entityIdOf(token, 'part', 2);
    for (const name of ['older-a.txt', 'older-b.txt', 'older-c.txt']) {
      await attachFile(token, entityId, unique(name), 'older file');
    }
    await signIn(page, '/parts/2');
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
    await signIn(a, '/parts/3');
    await signIn(b, '/parts/3');
    await expect(b.getByRole('heading', { name: /^Attachments/ })).toBeVisible();

    const filename = unique('from-tablet-a');
    await dropFilesOn(a.getByRole('heading', { level: 1 }), [{ name: filename, type: 'text/plain' }]);
    await expect(a.getByTestId('attachment-row').first()).toContainText(filename);

    // Tablet B neither reloads nor is touched: the open page asks again within its interval.
    await expect(b.getByTestId('attachment-row').filter({ hasText: filename })).toBeVisible({
      timeout: RECORD_REFRESH_MS + 10_000,
    });
    await tabletA.close();
    await tabletB.close();
  });
});
