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

/** The page clock of the armed event; rejects when it has not come within 30 s, never waits forever. */
export async function eventAt(page: Page): Promise<number> {
  return page.evaluate(() =>
    Promise.race([
      (window as unknown as { __benchEvent: Promise<number> }).__benchEvent,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error('the armed event never reached the page (in 30 s)')), 30_000),
      ),
    ]),
  );
}

/**
 * What a watch waits for: `count` elements matching `css`, the "(N)" in element `#id`'s text reaching
 * `atLeast`, or the tab's title starting with `titleStarts` (a record page titles the tab once shown).
 */
type Condition = { css: string; count: number } | { id: string; atLeast: number } | { titleStarts: string };

/**
 * Starts watching for `condition`, checked at every DOM change from now on; `shownAt` then gives the
 * page clock at which it held.
 */
async function watch(page: Page, condition: Condition): Promise<void> {
  await page.evaluate((wanted) => {
    const there = () => {
      if ('css' in wanted) return document.querySelectorAll(wanted.css).length >= wanted.count;
      if ('titleStarts' in wanted) return document.title.startsWith(wanted.titleStarts);
      const text = document.getElementById(wanted.id)?.textContent ?? '';
      return Number(/\((\d+)\)/.exec(text)?.[1] ?? -1) >= wanted.atLeast;
    };
    (window as unknown as { __benchShown: Promise<number> }).__benchShown = new Promise((resolve) => {
      if (there()) return resolve(performance.now());
      const observer = new MutationObserver(() => {
        if (!there()) return;
        observer.disconnect();
        resolve(performance.now());
      });
      // A title lives in the head; everything else in the body.
      observer.observe('titleStarts' in wanted ? document.documentElement : document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        characterData: true,
      });
    });
  }, condition);
}

/** Starts watching for `count` elements matching `selector`; see `shownAt`. */
export function watchSelector(page: Page, selector: string, count = 1): Promise<void> {
  return watch(page, { css: selector, count });
}

/**
 * Starts watching for the number in element `#id`'s text (as in "Attachments (512)") to reach
 * `atLeast`; see `shownAt`. Reading one element keeps the watcher's own cost flat however long a list
 * grows (counting rows at every change would not).
 */
export function watchCount(page: Page, id: string, atLeast: number): Promise<void> {
  return watch(page, { id, atLeast });
}

/** Starts watching for the tab's title to start with `text`; see `shownAt`. */
export function watchTitle(page: Page, text: string): Promise<void> {
  return watch(page, { titleStarts: text });
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

/** Collects the page's long tasks from its first script on (Long Tasks API), for `longestTask`. */
const LONG_TASK_RECORDER = `
  globalThis.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.benchLongTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Records long tasks in every page the context opens from now on; call before navigating. */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.context().addInitScript(LONG_TASK_RECORDER);
}

/** The longest task that ran between two page-clock times (0 when none reached 50 ms). */
export async function longestTask(page: Page, from: number, to: number): Promise<number> {
  return page.evaluate(
    ({ from, to }) =>
      Math.max(
        0,
        ...(globalThis as unknown as { benchLongTasks: [number, number][] }).benchLongTasks
          .filter(([start, duration]) => start + duration >= from && start <= to)
          .map(([, duration]) => duration),
      ),
    { from, to },
  );
}
