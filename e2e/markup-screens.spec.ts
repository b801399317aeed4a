import { attachFile, entityIdOf, technicianToken } from './records-support';
import { expect, signIn, test } from './fixtures';
import { drawArrowAndLabel, editor, makePhoto } from './markup-support';

const SIZES = [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

test.describe('the mark-up editor on a tablet, upright and sideways, light and dark', () => {
  for (const size of SIZES) {
    test(`${size.name}, light and dark: every control on screen, large enough to touch`, async ({
      page,
    }, testInfo) => {
      const name = `screens-${size.name}-${Date.now().toString(36)}.jpg`;
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, '/parts/1');
      const token = await technicianToken();
      await attachFile(
        token,
        await entityIdOf(token, 'part', 1),
        name,
        new Uint8Array(await makePhoto(page)),
      );
      await page.reload();
      await page.getByRole('button', { name: `Mark up ${name}` }).click();
      await drawArrowAndLabel(page);

      const controls = editor(page).locator('button, label.mantine-SegmentedControl-label');
      for (const control of await controls.all()) {
        if (!(await control.isVisible())) continue;
        const box = (await control.boundingBox())!;
        const label = (await control.getAttribute('aria-label')) ?? (await control.textContent());
        expect(Math.min(box.width, box.height), `${label} is too small to touch`).toBeGreaterThanOrEqual(44);
        expect(box.x >= 0 && box.y >= 0, `${label} is off screen`).toBe(true);
        expect(
          box.x + box.width <= size.width && box.y + box.height <= size.height,
          `${label} is off screen`,
        ).toBe(true);
      }
      // A scheme changes colours, never the layout: the controls are measured once, shot in each.
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        const file = testInfo.outputPath(`markup-${size.name}-${scheme}.png`);
        await page.screenshot({ path: file });
        await testInfo.attach(`markup-${size.name}-${scheme}`, { path: file, contentType: 'image/png' });
      }
    });
  }
});
