import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { attachFile, dropFilesOn, entityIdOf, technicianToken } from './records-support.ts';

// Issue 35: toasts never cover a row's buttons. A toast at the bottom right sat over the Download and
// Delete of the row at the bottom of a tablet's screen (the one just attached, or the last one scrolled
// to); the page now keeps room as tall as the toasts and lifts what they would have covered.

/**
 * Whether the row's Download and Delete can be tapped where they are drawn: what the browser finds at
 * each one's centre and edges is the button (or inside it), on the screen. Also whether a
 * toast shows, so a check made after it went cannot pass for one made under it.
 */
async function rowButtonsUncovered(page: Page, row: 'first' | 'last') {
  return page.evaluate((which) => {
    const rows = [...document.querySelectorAll('[data-testid="attachment-row"]')];
    const target = which === 'first' ? rows[0] : rows.at(-1);
    const buttons = [...(target?.querySelectorAll('button') ?? [])].filter((button) =>
      /^(Download|Delete) /.test(button.getAttribute('aria-label') ?? ''),
    );
    const hit = buttons.map((button) => {
      const box = button.getBoundingClientRect();
      // Its centre, as issue 35 asks, and the middles of its four edges (4 px in, clear of the rounded
      // corners): a gloved tap covers the whole button.
      const [midX, midY] = [box.left + box.width / 2, box.top + box.height / 2];
      const points = [
        [midX, midY],
        [box.left + 4, midY],
        [box.right - 4, midY],
        [midX, box.top + 4],
        [midX, box.bottom - 4],
      ];
      const blocked = points
        .map(([x, y]) => (y! < 0 || y! > window.innerHeight ? null : document.elementFromPoint(x!, y!)))
        .filter((found) => !(found && button.contains(found)));
      const name = button.getAttribute('aria-label');
      return blocked.length === 0
        ? `${name}: tappable`
        : `${name}: covered by ${blocked.map((found) => found?.className || 'the screen edge').join(', ')}`;
    });
    return { toast: document.querySelectorAll('.mantine-Notification-root').length > 0, hit };
  }, row);
}

/** The row's Download and Delete tappable under the toast; a screenshot for the eye, light and dark. */
async function expectTappable(page: Page, row: 'first' | 'last', filename: string, screenshot: string) {
  await expect
    .poll(() => rowButtonsUncovered(page, row))
    .toEqual({ toast: true, hit: [`Download ${filename}: tappable`, `Delete ${filename}: tappable`] });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${screenshot}-${scheme}.png` });
  }
}

for (const [width, height, part] of [
  [768, 1024, 57],
  [1024, 768, 58],
] as const) {
  test(`${width}×${height}: the toast after an attach covers neither the new row's nor the last row's Download and Delete`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    const token = await technicianToken();
    const entity = await entityIdOf(token, 'part', part);
    for (const name of ['bracket-torque.txt', 'housing-cmm.txt']) {
      await attachFile(token, entity, `${part}-${name}`, 'measured');
    }
    await signIn(page, `/parts/${part}`);
    await expect(page.getByTestId('attachment-row')).toHaveCount(2);

    const filename = `${part}-weld-${Date.now().toString(36)}.txt`;
    await dropFilesOn(page.getByRole('heading', { level: 1 }), [{ name: filename, type: 'text/plain' }]);
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Attached' });
    await expect(toast).toBeVisible();
    // Shown and taken away without sliding: each frame of Mantine's transition laid the page out, on a
    // tablet's CPU during the next photo's upload (AppProviders).
    expect(
      await toast.evaluate(
        (node) =>
          getComputedStyle(node.closest('.mantine-Notifications-notification') ?? document.body)
            .transitionDuration,
      ),
    ).toMatch(/^0s(, 0s)*$/);
    // A toast under the pointer stays (Mantine pauses its close): every check below is made under it.
    await toast.hover();
    await expect(page.getByTestId('attachment-row').first()).toContainText(filename);
    await expectTappable(page, 'first', filename, testInfo.outputPath('new-row'));

    // The technician scrolls to the end of the record while the toast shows: the last row clears it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectTappable(page, 'last', `${part}-bracket-torque.txt`, testInfo.outputPath('last-row'));
  });
}
