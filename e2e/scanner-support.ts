import type { Page } from '@playwright/test';

/**
 * Types `text` and Enter the way a keyboard-wedge device does: key events stamped `gapMs` apart by the
 * device (the stamps, not the pace Playwright manages on a busy machine, are what the app measures).
 * 8 ms is a typical USB scanner; 150 ms a person typing.
 */
export async function typeAsDevice(page: Page, text: string, gapMs: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  let at = Date.now() / 1000;
  for (const char of [...text, '\r']) {
    const key =
      char === '\r'
        ? { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' }
        : { key: char, text: char, unmodifiedText: char };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp: at });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: key.key, timestamp: at + 0.002 });
    at += gapMs / 1000;
  }
  await cdp.detach();
}

export const scan = (page: Page, text: string) => typeAsDevice(page, text, 8);
export const typeLikeAPerson = (page: Page, text: string) => typeAsDevice(page, text, 150);
