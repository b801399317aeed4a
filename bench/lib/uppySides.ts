import type { Browser, Page } from '@playwright/test';
import { APP_UPLOAD_CONCURRENCY } from '../config.ts';
import { partAttachmentNames, partEntityId, type ApiClient } from './apiClient.ts';
import { openRecordPage } from './browser.ts';
import { recordLongTasks } from './pageClock.ts';
import { now } from './stats.ts';
import { openUppyPage, type UppyServer } from './uppyPage.ts';

/**
 * The sides of the Uppy comparison: the app; Uppy 5 core + S3, its floor (nothing kept across a
 * reload, nothing drawn but a name per file); the same with Golden Retriever, which keeps each file's
 * bytes in IndexedDB as the app's durable queue does: the fair peer; and that with Uppy's Dashboard
 * drawn too (each file's card and progress): Uppy as a person uses it, drawing as the app draws.
 */
export type SideId = 'app' | 'core' | 'gr' | 'dash';

export const UPPY_LABELS: Record<Exclude<SideId, 'app'>, string> = {
  core: 'Uppy 5 core + aws-s3 (no persistence)',
  gr: 'Uppy 5 core + aws-s3 + golden-retriever',
  dash: 'Uppy 5 core + aws-s3 + golden-retriever + dashboard',
};

/** One side of the comparison: a page where files are dropped and registered names are listed. */
export interface Side {
  id: SideId;
  /** Opens the side's page on a part's record; the app's is the one signed-in page, Uppy's a fresh context. */
  open(part: number): Promise<Page>;
  /** Closes what open made (nothing for the app). */
  close(page: Page): Promise<void>;
}

export function uppySides(browser: Browser, appPage: Page, server: UppyServer, client: ApiClient): Side[] {
  const uppySide = (id: Exclude<SideId, 'app'>): Side => ({
    id,
    async open(part) {
      const entityId = await partEntityId(client, part);
      return openUppyPage(
        browser,
        server,
        client,
        { entityId, limit: APP_UPLOAD_CONCURRENCY, goldenRetriever: id !== 'core', dashboard: id === 'dash' },
        recordLongTasks,
      );
    },
    close: (page) => page.context().close(),
  });
  return [
    {
      id: 'app',
      async open(part) {
        await openRecordPage(appPage, `/parts/${part}`);
        return appPage;
      },
      close: async () => {},
    },
    uppySide('core'),
    uppySide('gr'),
    uppySide('dash'),
  ];
}

/** The number in "Attachments (n)" of the page's heading (0 when none). */
export async function listedCount(page: Page): Promise<number> {
  const text = (await page.locator('#attachments-heading').textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? 0);
}

/** What a side's page shows when a wait ran out: which side, and (the app) its queue's rows. */
export async function pageState(label: string, page: Page): Promise<string> {
  const shown = await page
    .locator('body')
    .innerText({ timeout: 5_000 })
    .catch((error: unknown) => `(page not readable: ${String(error)})`);
  return `; ${label}'s page shows: ${shown.replace(/\s+/g, ' ').slice(0, 1200)}`;
}

/** Whether the bench's Uppy page has nothing more to send after a reload (see `benchUppySettled`). */
export async function uppySettled(page: Page): Promise<boolean> {
  return page
    .evaluate(() => (window as unknown as { benchUppySettled?: () => boolean }).benchUppySettled?.() ?? false)
    .catch(() => false);
}

/**
 * Polls the API until `names` are all attached to the part; returns the Node clock then. `settled`, when
 * given, says the page has nothing more to send: what is not attached by then never will be, and the
 * wait ends there instead of at `timeoutMs`.
 */
export async function attachedViaApi(
  client: ApiClient,
  part: number,
  names: string[],
  atLeast: number,
  timeoutMs: number,
  describe: () => Promise<string> = async () => '',
  settled: () => Promise<boolean> = async () => false,
): Promise<number> {
  const deadline = now() + timeoutMs;
  for (;;) {
    // Asked before the API is read: a registration the page counts as done is on the server by then.
    const nothingMore = await settled();
    const attached = new Set(await partAttachmentNames(client, part));
    const count = names.filter((n) => attached.has(n)).length;
    if (count >= atLeast) return now();
    if (nothingMore || now() > deadline)
      throw new Error(
        `${count} of ${names.length} files attached ${nothingMore ? 'when the page had nothing more to send' : `within ${timeoutMs / 1000} s`} (${atLeast} awaited)${await describe()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
