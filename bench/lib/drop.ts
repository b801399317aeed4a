import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Puts files from disk in a hidden file input of the page (made once, with id `id`), so the page holds
 * disk-backed `File`s the browser reads as it sends them, never the bench's bytes.
 */
export async function filesInPage(page: Page, id: string, paths: string[]): Promise<void> {
  await page.evaluate((id) => {
    if (document.getElementById(id)) return;
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.id = id;
    input.hidden = true;
    document.body.append(input);
  }, id);
  await page.setInputFiles(`#${id}`, paths);
}

/**
 * The real drop gesture on a record page with files from disk: Playwright puts the files in a hidden
 * input (so the browser reads them from disk, never holding them in memory), then a DataTransfer made
 * of those same File objects is dispatched as dragenter/dragover/drop on the record's drop zone.
 * Returns the page clock (performance.now()) at the moment the drop event was dispatched.
 */
export async function dropFiles(page: Page, paths: string[]): Promise<number> {
  await filesInPage(page, 'bench-file-source', paths);
  const target = page.getByRole('button', { name: 'Choose files' });
  return target.evaluate((element) => {
    const input = document.getElementById('bench-file-source') as HTMLInputElement;
    const transfer = new DataTransfer();
    for (const file of Array.from(input.files ?? [])) transfer.items.add(file);
    const fire = (type: string) =>
      element.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    fire('dragenter');
    fire('dragover');
    const at = performance.now();
    fire('drop');
    return at;
  });
}

/**
 * Starts watching, in the page, for every one of `names` to be shown as an attachment: as a text
 * node of its own outside the upload progress lists (whose labels mention uploads). Call before the
 * drop; `waitUntilListed` then gives the page clock when the last one appeared.
 */
export async function watchListed(page: Page, names: string[]): Promise<void> {
  await page.evaluate((wanted) => {
    performance.setResourceTimingBufferSize(10_000);
    const pending = new Set(wanted);
    // Not a name in the upload lists, nor in a dialog (the duplicate prompt names the file too).
    const inUploadList = (node: Node) =>
      !!node.parentElement?.closest('[aria-label*="pload" i], [role="dialog"]');
    const scan = () => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (pending.has(text) && !inUploadList(node)) pending.delete(text);
      }
      return pending.size === 0;
    };
    const state = window as unknown as { __benchListed: Promise<number> };
    state.__benchListed = new Promise<number>((resolve) => {
      // Mutation callbacks arrive batched once per task, so one scan per batch.
      const observer = new MutationObserver(() => {
        if (!scan()) return;
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, names);
}

export async function waitUntilListed(page: Page, timeoutMs: number): Promise<number> {
  return page.evaluate(
    (ms) =>
      Promise.race([
        (window as unknown as { __benchListed: Promise<number> }).__benchListed,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error(`not listed as attached within ${ms / 1000} s`)), ms),
        ),
      ]),
    timeoutMs,
  );
}

/** Durations (ms) of storage PUTs the page made after `since` (page clock), from Resource Timing. */
export async function storagePutDurations(page: Page, since: number): Promise<number[]> {
  return page.evaluate(
    (from) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/storage/') && e.startTime >= from)
        .filter((e) => ['xmlhttprequest', 'fetch'].includes((e as PerformanceResourceTiming).initiatorType))
        .map((e) => e.duration),
    since,
  );
}

/** The moments of one file's way, from its drop (ms, page clock), read from Resource Timing. */
export interface FileSteps {
  ticketSent: number;
  ticketAnswered: number;
  putSent: number;
  putAnswered: number;
  registerSent: number;
  registerAnswered: number;
}

/**
 * When the ticket, the PUT and the registration of the one file dropped at `since` were sent and
 * answered (the GraphQL requests before the PUT and after it), untraced: where a single file's time
 * goes between the requests, which a trace's own cost distorts. Null when the page made no PUT.
 */
export async function fileSteps(page: Page, since: number): Promise<FileSteps | null> {
  return page.evaluate((from) => {
    const after = performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime >= from)
      .sort((a, b) => a.startTime - b.startTime) as PerformanceResourceTiming[];
    const put = after.find((e) => e.name.includes('/storage/'));
    if (!put) return null;
    const graphql = after.filter((e) => e.name.includes('/graphql'));
    const ticket = graphql.filter((e) => e.startTime < put.startTime).at(-1);
    const register = graphql.find((e) => e.startTime >= put.responseEnd);
    if (!ticket || !register) return null;
    const at = (ms: number) => ms - from;
    return {
      ticketSent: at(ticket.startTime),
      ticketAnswered: at(ticket.responseEnd),
      putSent: at(put.startTime),
      putAnswered: at(put.responseEnd),
      registerSent: at(register.startTime),
      registerAnswered: at(register.responseEnd),
    };
  }, since);
}

/** Page clock when the first GraphQL request after `since` started (the upload's ticket request). */
export async function firstGraphqlStart(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (from) =>
      Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/graphql') && e.startTime >= from)
          .map((e) => e.startTime),
      ),
    since,
  );
}

/**
 * Drops `paths` on the page's drop zone and waits until every one is listed as attached (see
 * `watchListed`): the drop event's page clock and the milliseconds from it to the last one listed.
 */
export async function dropUntilListed(
  page: Page,
  paths: string[],
  timeoutMs: number,
): Promise<{ droppedAt: number; ms: number }> {
  await watchListed(
    page,
    paths.map((file) => path.basename(file)),
  );
  const droppedAt = await dropFiles(page, paths);
  return { droppedAt, ms: (await waitUntilListed(page, timeoutMs)) - droppedAt };
}
