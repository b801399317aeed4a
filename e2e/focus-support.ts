import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

declare global {
  interface Window {
    /** Where focus went, in order: see recordFocus. */
    focusTrail?: string[];
    focusPlaceOf?: (element: Element | null) => string;
  }
}

/**
 * From now on (until the next full page load) records where focus goes, to check afterwards that it
 * never got out. A place is the accessible name of the dialog holding focus, or "page: …" for
 * anything outside a dialog.
 */
export async function recordFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.focusPlaceOf = (element) => {
      const dialog = element?.closest('[role="dialog"]');
      if (!dialog)
        return `page: ${element?.tagName ?? 'nothing'} ${element?.textContent?.slice(0, 40) ?? ''}`;
      const labelledBy = dialog.getAttribute('aria-labelledby');
      const title = labelledBy ? document.getElementById(labelledBy)?.textContent : null;
      return title ?? dialog.getAttribute('aria-label') ?? 'an unnamed dialog';
    };
    window.focusTrail = [];
    document.addEventListener('focusin', (event) =>
      window.focusTrail!.push(window.focusPlaceOf!(event.target as Element)),
    );
  });
}

export async function focusTrail(page: Page): Promise<string[]> {
  return page.evaluate(() => window.focusTrail ?? []);
}

/** Where focus is now (recordFocus must have run on this page). */
export function focusPlace(page: Page): Promise<string> {
  return page.evaluate(() => window.focusPlaceOf!(document.activeElement));
}

/** Presses a key and checks that focus is then in the dialog whose name matches `dialog`. */
export async function pressIn(page: Page, key: string, dialog: RegExp): Promise<void> {
  await page.keyboard.press(key);
  await expect.poll(() => focusPlace(page)).toMatch(dialog);
}

/** Tabs (at most 40 times) until `target` has focus, focus staying in `dialog` at every step. */
export async function tabTo(page: Page, target: Locator, dialog: RegExp): Promise<void> {
  for (let step = 0; step < 40; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await pressIn(page, 'Tab', dialog);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}
