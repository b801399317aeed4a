import type { Page } from '@playwright/test';

/** Page-clock helpers shared by the in-browser benchmarks. */

/**
 * Page clock of the next event of `type` (the click or key press that starts a measurement), or of
 * the next press of `key` when given.
 */
export async function armEventClock(page: Page, type: 'click' | 'keydown', key?: string): Promise<void> {
  await page.evaluate(
    ({ eventType, wanted }) => {
      (window as unknown as { __benchEvent: Promise<number> }).__benchEvent = new Promise((resolve) => {
        const listener = (e: Event) => {
          if (wanted !== undefined && (e as KeyboardEvent).key !== wanted) return;
          document.removeEventListener(eventType, listener, { capture: true });
          resolve(e.timeStamp);
        };
        document.addEventListener(eventType, listener, { capture: true });
      });
    },
    { eventType: type, wanted: key },
  );
}

export async function eventAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __benchEvent: Promise<number> }).__benchEvent);
}

/**
 * Starts watching for `count` elements matching `selector`, checked at every DOM change from now on;
 * `shownAt` then gives the page clock at which they were there.
 */
export async function watchSelector(page: Page, selector: string, count = 1): Promise<void> {
  await page.evaluate(
    ({ css, wanted }) => {
      const there = () => document.querySelectorAll(css).length >= wanted;
      (window as unknown as { __benchShown: Promise<number> }).__benchShown = new Promise((resolve) => {
        if (there()) return resolve(performance.now());
        const observer = new MutationObserver(() => {
          if (!there()) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      });
    },
    { css: selector, wanted: count },
  );
}

/** The page clock `watchSelector` recorded, or a rejection after `timeoutMs`. */
export async function shownAt(page: Page, timeoutMs: number, what: string): Promise<number> {
  return page.evaluate(
    ({ ms, label }) =>
      Promise.race([
        (window as unknown as { __benchShown: Promise<number> }).__benchShown,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error(`${label} not shown within ${ms / 1000} s`)), ms),
        ),
      ]),
    { ms: timeoutMs, label: what },
  );
}
