import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { attachFile, entityIdOf, PNG_BYTES, pdfBytes, technicianToken } from './records-support.ts';

const SIZES = [
  { name: 'tablet', width: 800, height: 1280 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

const PAGES = [
  { name: 'home', path: '/', ready: (page: Page) => page.getByLabel('Id, scanned label or link') },
  { name: 'parts', path: '/parts', ready: (page: Page) => page.getByText(/Showing 1–25 of/) },
  {
    name: 'part',
    path: '/parts/7',
    ready: (page: Page) => page.getByRole('heading', { name: 'Attachments (2)' }),
  },
  { name: 'run', path: '/runs/1', ready: (page: Page) => page.getByRole('heading', { name: /Attachments/ }) },
  { name: 'unknown-run', path: '/runs/999999', ready: (page: Page) => page.getByRole('alert') },
];

test.describe('main pages at tablet and desktop sizes, light and dark', () => {
  test.beforeAll(async () => {
    const token = await technicianToken();
    const entity = await entityIdOf(token, 'part', 7);
    await attachFile(token, entity, 'weld-inspection.png', PNG_BYTES);
    await attachFile(token, entity, 'torque-report.pdf', pdfBytes());
  });

  for (const size of SIZES) {
    for (const scheme of SCHEMES) {
      test(`${size.name}, ${scheme}: no page scrolls sideways`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: scheme });
        await signIn(page, '/');
        for (const { name, path, ready } of PAGES) {
          await page.goto(path);
          await expect(ready(page)).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(0);
          const file = testInfo.outputPath(`${name}-${size.name}-${scheme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          await testInfo.attach(`${name}-${size.name}-${scheme}`, { path: file, contentType: 'image/png' });
        }
      });
    }
  }
});
