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

/**
 * Makes `page` note when it has handled each key event: what a sender that waits for the page reads
 * before sending the next key (see scanWaitingForThePage). Call before the page loads.
 */
export async function noteKeysHandled(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const note = () => {
      (window as unknown as { keyHandledAt: number }).keyHandledAt =
        performance.timeOrigin + performance.now();
    };
    addEventListener('keydown', note);
    addEventListener('keyup', note);
  });
}

/**
 * Types `text` and Enter as a scanner behind remote input or automation does (Playwright's own
 * `keyboard.type` among them): each key event is sent only once the page has handled the one before,
 * 4 ms later by the sender's clock. While the page is busy, its keys are therefore spaced by the page's
 * delays, not the scanner's. The stamps come from the page's own note (noteKeysHandled), so a slow test
 * machine delays the sending, never the spacing the page reads.
 */
export async function scanWaitingForThePage(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const handledAt = () =>
    page.evaluate(() => (window as unknown as { keyHandledAt?: number }).keyHandledAt ?? Date.now());
  for (const char of [...text, '\r']) {
    const key =
      char === '\r'
        ? { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' }
        : { key: char, text: char, unmodifiedText: char };
    const downAt = (await handledAt()) + 4;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp: downAt / 1000 });
    const upAt = (await handledAt()) + 4;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: key.key, timestamp: upAt / 1000 });
  }
  await cdp.detach();
}
