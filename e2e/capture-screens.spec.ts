import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { holdStills } from './fake-camera.ts';
import { dropInPage } from './photo-support.ts';
import { lowContrast } from './screen-checks.ts';
import playwrightConfig from '../playwright.config.ts';

// Chromium's own fake camera (a moving test pattern, no code in it), so the scan dialog stays open.
const base = playwrightConfig.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera'],
});

const SIZES = [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/**
 * Nothing wider than the window; every enabled control in `scope` at least 44 px each way, and whole:
 * not cut by a box around it that scrolls or clips.
 */
async function checkLayout(page: Page, scope: Locator, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} is wider than the window`).toBeLessThanOrEqual(0);
  const problems = await scope.evaluate((root) => {
    const cutBy = (control: HTMLElement, box: DOMRect) => {
      for (let box2, parent = control.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflow === 'visible') continue;
        box2 = parent.getBoundingClientRect();
        if (box.top < box2.top - 1 || box.bottom > box2.bottom + 1) return true;
        if (box.left < box2.left - 1 || box.right > box2.right + 1) return true;
      }
      return false;
    };
    return [...root.querySelectorAll<HTMLElement>('button:not(:disabled), a[href], input:not([type=file])')]
      .filter((control) => control.getClientRects().length > 0 && control.tabIndex >= 0)
      .flatMap((control) => {
        // A visually hidden radio (the camera's Photo / Video switch) is tapped through its label.
        const hidden = control instanceof HTMLInputElement && getComputedStyle(control).opacity === '0';
        const target = hidden ? (control.closest('label') ?? control.labels?.[0] ?? control) : control;
        const box = target.getBoundingClientRect();
        const name = `${control.getAttribute('aria-label') ?? target.textContent} ${Math.round(box.width)}x${Math.round(box.height)}`;
        return [
          ...(box.width < 44 || box.height < 44 ? [`${name} is under 44 px`] : []),
          ...(cutBy(target, box) ? [`${name} is cut off`] : []),
        ];
      });
  });
  expect(problems, `controls in ${what}`).toEqual([]);
}

/**
 * A screenshot of the page as it is in each colour scheme, light then dark: a scheme changes colours,
 * never the layout, so one tour of the states shows both (and each extra check runs in both).
 */
async function shoot(page: Page, testInfo: TestInfo, name: string, check?: () => Promise<void>) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await check?.();
    const file = testInfo.outputPath(`${name}-${scheme}.png`);
    await page.screenshot({ path: file });
    await testInfo.attach(`${name}-${scheme}`, { path: file, contentType: 'image/png' });
  }
}

test.describe('scan, camera, label and lighter-photo screens at tablet sizes, each in light and dark', () => {
  for (const size of SIZES) {
    const suffix = size.name;

    test(`${suffix}: scan dialog, camera with three shots, label and its print view`, async ({
      page,
    }, testInfo) => {
      // Three dialogs, two cameras, four layout checks and seven screenshots: on a busy shared machine
      // (load 17 on 2 cores) this tour outlives three minutes while every state it waits for still comes.
      test.setTimeout(360_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, '/run-steps/2');

      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      const scan = page.getByRole('dialog', { name: 'Scan a label' });
      const view = scan.getByLabel('Camera view');
      // The fake camera's first frame: Chromium decodes the file in its own time under load.
      await expect
        .poll(() => view.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(2);
      await checkLayout(page, scan, 'the scan dialog');
      await shoot(page, testInfo, `scan-${suffix}`);
      await scan.getByRole('button', { name: 'Cancel' }).click();
      await expect(scan).toBeHidden();

      await page.getByRole('button', { name: 'Take photo' }).click();
      const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 2' });
      for (const count of [1, 2, 3]) {
        await camera.getByRole('button', { name: 'Take photo' }).click();
        await expect(camera.getByRole('img', { name: `Photo ${count}` })).toBeVisible();
      }
      // Three uploads on a busy machine: the count comes when the last is attached.
      await expect(camera.getByText('3 photos attached')).toBeVisible({ timeout: 30_000 });
      await checkLayout(page, camera, 'the camera');
      await shoot(page, testInfo, `camera-${suffix}`);
      await camera.getByRole('button', { name: 'Done' }).click();
      await expect(camera).toBeHidden();

      await page.getByRole('button', { name: 'Label', exact: true }).click();
      const label = page.getByRole('dialog', { name: 'Label for Run step 2' });
      await expect(label.getByRole('img', { name: /^QR code for / })).toBeVisible();
      await checkLayout(page, label, 'the label dialog');
      await shoot(page, testInfo, `label-${suffix}`);
      await page.emulateMedia({ media: 'print' });
      const file = testInfo.outputPath(`label-print-${suffix}.png`);
      await page.screenshot({ path: file });
      await testInfo.attach(`label-print-${suffix}`, { path: file, contentType: 'image/png' });
      await page.emulateMedia({ media: 'screen' });
    });

    test(`${suffix}: a shot being taken, in the upload list`, async ({ page }, testInfo) => {
      // The camera keeps its still until the end: the shot stays pending in the list.
      const releaseStills = await holdStills(page);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, '/run-steps/3');
      await page.getByRole('button', { name: 'Take photo' }).click();
      const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 3' });
      const shutter = camera.getByRole('button', { name: 'Take photo' });
      await expect(shutter).toBeEnabled();
      await shutter.click();
      await expect(camera.getByRole('img', { name: 'Photo 1' })).toBeVisible();
      await expect(camera.getByText('1 photo on the way')).toBeVisible();
      await camera.getByRole('button', { name: 'Done' }).click();
      await expect(camera).toBeHidden();
      const row = page.getByRole('listitem', { name: /^[\w-]+-photo-.*: Taking photo…$/ });
      await expect(row).toBeVisible();
      await row.scrollIntoViewIfNeeded();
      await checkLayout(page, row, 'the pending shot row');
      await shoot(page, testInfo, `pending-shot-${suffix}`, async () =>
        expect(await lowContrast(page, '[data-pending-shot] span')).toEqual([]),
      );
      await releaseStills();
      await expect(page.getByRole('listitem', { name: /^[\w-]+-photo-.*: Attached$/ })).toHaveCount(1);
    });

    test(`${suffix}: upload rows of a lighter photo`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, '/run-steps/3');
      const photo = `IMG-${suffix}-${Date.now().toString(36)}.jpg`;
      await dropInPage(page, [{ name: photo, photo: true }]);
      const row = page.getByRole('listitem', { name: `${photo}: Attached` });
      await expect(row.getByText(/^\d+(\.\d)? MB → \d+(\.\d)? (MB|KB)$/)).toBeVisible();
      await row.scrollIntoViewIfNeeded();
      await checkLayout(page, row, 'the upload row');
      await shoot(page, testInfo, `uploads-${suffix}`);
    });
  }
});
