import type { Page, Route } from '@playwright/test';
import { expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { chooseLanguage } from './i18n-support.ts';
import { attachFile, entityIdOf, pdfBytes, technicianToken } from './records-support.ts';
import { lowContrast } from './screen-checks.ts';

// The "New" marker on a colleague's file and the note on a kept list (issue 35 item 3), at both tablet
// sizes, light and dark, then in the pseudo-locale: readable, and nothing wider than the window.
const SIZES = [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
] as const;

const isApi = (url: URL) => url.href.startsWith(`${SANDBOX_URL}/graphql`);

/** Each size and scheme: the marker and the note read at 4.5:1, the page fits, a screenshot to look at. */
async function lookAt(page: Page, what: string, selector: string, language = 'en'): Promise<void> {
  for (const size of SIZES) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await page.locator(selector).first().scrollIntoViewIfNeeded();
      expect(await lowContrast(page, selector), `${what} ${size.name} ${scheme}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${what} ${size.name}: wider than the window`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: test.info().outputPath(`${what}-${language}-${size.name}-${scheme}.png`),
      });
    }
  }
}

test('the New marker and the kept note, at tablet sizes, light and dark, and in the pseudo-locale', async ({
  page,
}) => {
  test.slow();
  const token = await technicianToken();
  const entity = await entityIdOf(token, 'part', 3);
  await signIn(page, '/parts/3');
  await expect(page.getByRole('heading', { name: /^Attachments \(\d+\)$/ })).toBeVisible();

  const looks = async (language: string) => {
    await attachFile(token, entity, `colleague-${language}-${Date.now().toString(36)}.pdf`, pdfBytes(1));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.locator('[data-testid="new-mark"]').first()).toBeVisible();
    await lookAt(page, 'new-file', '[data-testid="new-mark"]', language);

    // The runs list once, then shown again while the API holds its answer.
    await page.goto('/runs');
    await expect(page.locator('main tbody tr').first()).toBeVisible();
    await page.locator('main tbody tr a[href^="/runs/"]').first().click();
    await expect(page).toHaveURL(/\/runs\/\d+$/);
    // Left for the run page once it shows (the router keeps the list until then): see fresh-lists.
    await expect(page.locator('#attachments-heading')).toBeVisible();
    const held: Route[] = [];
    await page.route(isApi, (route) => void held.push(route));
    await page.goBack();
    await expect(page.getByTestId('kept-age')).toBeVisible();
    await lookAt(page, 'kept-list', '[data-testid="kept-age"]', language);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    await expect(page.getByTestId('kept-age')).toHaveCount(0);
  };

  await looks('en');
  await page.goto('/parts/3');
  await chooseLanguage(page, 'Ƥşḗŭḓǿ');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await looks('pseudo');
});
