import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { TIMEOUTS } from '../config.ts';
import { attempt, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import {
  apiClient,
  partEntityId,
  putBytes,
  register,
  requestTicket,
  type ApiClient,
} from '../lib/apiClient.ts';
import { openRecordPage } from '../lib/browser.ts';
import { dropFiles } from '../lib/drop.ts';
import { namingDir, sourceFile } from '../lib/files.ts';
import { measured, type Row } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';
import { now } from '../lib/stats.ts';

const NAME = 'many-files';
const RECORD_PATH = '/parts/1';
/** Files the app uploads at once (its queue's concurrency); the bare client uses the same. */
const CONCURRENCY = 3;

/** `count` ticket + PUT + register sequences, `concurrency` at a time; the wall time in ms. */
async function attachAll(
  client: ApiClient,
  body: Uint8Array<ArrayBuffer>,
  entityId: number,
  prefix: string,
  count: number,
  concurrency: number,
): Promise<number> {
  const start = now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const filename = `${prefix}-${String(next++).padStart(4, '0')}.bin`;
      const { ticket } = await requestTicket(client, filename);
      const put = await putBytes(ticket, body);
      await register(client, { filename, s3Key: ticket.s3Key, s3Etag: put.etag, entityId });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return now() - start;
}

/**
 * Page clock when the record's attachments heading counts `total` files. Reading one heading keeps
 * the watcher's own cost flat, however long the list grows (scanning every row per change would not).
 */
async function watchAttachmentCount(page: Page, total: number): Promise<void> {
  await page.evaluate((wanted) => {
    const state = window as unknown as { __benchCount: Promise<number> };
    const counted = () => {
      const text = document.getElementById('attachments-heading')?.textContent ?? '';
      return Number(/\((\d+)\)/.exec(text)?.[1] ?? -1) >= wanted;
    };
    state.__benchCount = new Promise<number>((resolve) => {
      if (counted()) return resolve(performance.now());
      const observer = new MutationObserver(() => {
        if (!counted()) return;
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, total);
}

/** Starts recording the page's longest main-thread task (the Long Tasks API reports those over 50 ms). */
async function watchLongestTask(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { __benchLongestTask: number };
    state.__benchLongestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.__benchLongestTask = Math.max(state.__benchLongestTask, entry.duration);
      }
    }).observe({ type: 'longtask' });
  });
}

async function longestTask(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __benchLongestTask: number }).__benchLongestTask);
}

/** RAIL's budget for answering input: a task longer than this is a tap the technician feels ignored. */
const INPUT_RESPONSE_MS = 100;

async function countReachedAt(page: Page, timeoutMs: number): Promise<number> {
  return page.evaluate(
    (ms) =>
      Promise.race([
        (window as unknown as { __benchCount: Promise<number> }).__benchCount,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error(`the files were not all listed within ${ms / 1000} s`)), ms),
        ),
      ]),
    timeoutMs,
  );
}

const figures = (ctx: BenchContext) => {
  const { manyFilesOnto: existing, manyFilesDropped: dropped } = ctx.sizes;
  return [
    `${dropped} files onto ${existing} attached: drop to all listed`,
    `${dropped} files, bare client (${CONCURRENCY} at a time)`,
    `${dropped} files onto ${existing} attached: longest main-thread task`,
  ];
};

/**
 * Many small files dropped on a record that already holds many attachments: how the app keeps up as
 * its list grows (every attach adds a row to the list on screen), against a bare Node client making
 * the same requests with the same concurrency, in the same run.
 */
export const manyFiles: Benchmark = {
  name: NAME,
  figures,
  async run(ctx) {
    const [appFigure, bareFigure, taskFigure] = figures(ctx) as [string, string, string];
    const { manyFilesOnto: existing, manyFilesDropped: dropped, smallFileBytes } = ctx.sizes;
    const names = await namingDir();
    try {
      const source = await sourceFile(smallFileBytes);
      const body = new Uint8Array(await readFile(source));
      return await withSandbox(ctx.repoRoot, {}, async (sandbox, appPort) => {
        const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
        const entityId = await partEntityId(client, 1);
        ctx.log(`many files: attaching ${existing} files to parts 1 and 2 first`);
        await attachAll(client, body, entityId, 'existing', existing, 8);
        // The bare client attaches to another record holding as many files, so the app's record is left as set up.
        const otherEntityId = await partEntityId(client, 2);
        await attachAll(client, body, otherEntityId, 'existing', existing, 8);
        const bareMs = await attachAll(client, body, otherEntityId, 'bare', dropped, CONCURRENCY);
        const bare = { label: 'bare client, same requests', value: bareMs, unit: 'ms' };
        const rows: Row[] = [
          measured(NAME, bareFigure, { value: bareMs, unit: 'ms' }, undefined, {
            note: `${((dropped / bareMs) * 1000).toFixed(1)} files/s`,
          }),
        ];
        const paths: string[] = [];
        for (let i = 0; i < dropped; i++) {
          paths.push(await names.named(source, `dropped-${String(i).padStart(4, '0')}.bin`));
        }
        rows.push(
          ...(await attempt(NAME, [appFigure, taskFigure], () =>
            withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page }) => {
              await openRecordPage(page, RECORD_PATH);
              await watchAttachmentCount(page, existing);
              await countReachedAt(page, TIMEOUTS.uiMs);
              await watchAttachmentCount(page, existing + dropped);
              await watchLongestTask(page);
              const droppedAt = await dropFiles(page, paths);
              const ms = (await countReachedAt(page, TIMEOUTS.uiMs * Math.max(1, dropped / 5))) - droppedAt;
              return [
                measured(NAME, appFigure, { value: ms, unit: 'ms' }, bare, {
                  note: `${((dropped / ms) * 1000).toFixed(1)} files/s in the app, ${existing} rows listed before the drop`,
                }),
                measured(
                  NAME,
                  taskFigure,
                  { value: await longestTask(page), unit: 'ms' },
                  { label: 'input response budget (RAIL)', value: INPUT_RESPONSE_MS, unit: 'ms' },
                  { note: 'from the drop until all are listed; 0 means no task over 50 ms' },
                ),
              ];
            }),
          )),
        );
        return rows;
      });
    } finally {
      await names.remove();
    }
  },
};
