import type { Page } from '@playwright/test';
import { TIMEOUTS } from '../config.ts';
import { median } from './stats.ts';

/** Rows of a list page (parts, runs), timed from the page's own clock. */
export const ROWS_SELECTOR = 'table tbody tr';

/**
 * Starts watching, in the page, for list rows on a page under `pathPrefix` (all containing `term`,
 * when given); see rowsShownAt. With `q`, only rows read for that search count: the URL says it and
 * the table is no longer busy (rows of the search before may already contain `term`).
 */
export async function watchRows(
  page: Page,
  pathPrefix: string,
  term: string | null,
  q?: string,
): Promise<void> {
  await page.evaluate(
    ({ selector, prefix, wanted, search }) => {
      const ready = () => {
        const rows = Array.from(document.querySelectorAll(selector));
        if (rows.length === 0 || !location.pathname.startsWith(prefix)) return false;
        if (search !== null) {
          if (new URLSearchParams(location.search).get('q') !== search) return false;
          if (document.querySelector('table[aria-busy="true"]')) return false;
        }
        return (
          wanted === null || rows.every((r) => r.textContent?.toLowerCase().includes(wanted.toLowerCase()))
        );
      };
      (window as unknown as { __benchRows: Promise<number> }).__benchRows = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
        });
      });
    },
    { selector: ROWS_SELECTOR, prefix: pathPrefix, wanted: term, search: q ?? null },
  );
}

export async function rowsShownAt(page: Page): Promise<number> {
  return page.evaluate(
    (ms) =>
      Promise.race([
        (window as unknown as { __benchRows: Promise<number> }).__benchRows,
        new Promise<number>((_, reject) => setTimeout(() => reject(new Error('rows did not show')), ms)),
      ]),
    TIMEOUTS.uiMs,
  );
}

export interface Split {
  /** Event to the last GraphQL request's start, the request itself, its response to what was shown. */
  before: number;
  request: number;
  after: number;
}

/** Where the time between the event and what it showed went, from the page's Resource Timing. */
export async function split(page: Page, eventAt: number, shownAt: number): Promise<Split> {
  const request = await page.evaluate((from) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/graphql') && e.startTime >= from);
    const last = entries.at(-1) as PerformanceResourceTiming | undefined;
    return last ? { start: last.startTime, end: last.responseEnd } : null;
  }, eventAt);
  if (!request) return { before: NaN, request: NaN, after: NaN };
  return {
    before: request.start - eventAt,
    request: request.end - request.start,
    after: shownAt - request.end,
  };
}

export function splitNote(splits: Split[]): string {
  const part = (pick: (s: Split) => number) => median(splits.map(pick)).toFixed(0);
  return `to request ${part((s) => s.before)} ms, request ${part((s) => s.request)} ms, response to rows ${part((s) => s.after)} ms`;
}
