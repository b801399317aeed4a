import { readFile } from 'node:fs/promises';
import { APP_UPLOAD_CONCURRENCY, TIMEOUTS } from '../config.ts';
import { attempt, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { apiClient, attachAll, partEntityId } from '../lib/apiClient.ts';
import { openRecordPage } from '../lib/browser.ts';
import { activeDevice, deviceEmulated } from '../lib/device.ts';
import { bareAttachInPage } from '../lib/bareAttachInPage.ts';
import { dropFiles } from '../lib/drop.ts';
import { longestTask, recordLongTasks, shownAt, watchCount } from '../lib/pageClock.ts';
import { traced } from '../lib/trace.ts';
import { namingDir, sourceFile } from '../lib/files.ts';
import { measured, type Row } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';

const NAME = 'many-files';
const RECORD_PATH = '/parts/1';
/** Files the app uploads at once (its queue's concurrency); the bare client uses the same. */
const CONCURRENCY = APP_UPLOAD_CONCURRENCY;

/** RAIL's budget for answering input: a task longer than this is a tap the technician feels ignored. */
const INPUT_RESPONSE_MS = 100;

const figures = (ctx: BenchContext) => {
  const { manyFilesOnto: existing, manyFilesDropped: dropped } = ctx.sizes;
  return [
    `${dropped} files onto ${existing} attached: drop to all listed`,
    `${dropped} files, bare client (${CONCURRENCY} at a time)`,
    `${dropped} files onto ${existing} attached: longest main-thread task`,
    `${dropped} files, bare in the app's page (${CONCURRENCY} at a time)`,
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
    const [appFigure, bareFigure, taskFigure, inPageFigure] = figures(ctx) as [
      string,
      string,
      string,
      string,
    ];
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
        // Node is not throttled by a device profile: there the like-for-like peer is the uppy benchmark's.
        const bare = {
          label: deviceEmulated()
            ? 'bare Node client (no device profile), same requests'
            : 'bare client, same requests',
          value: bareMs,
          unit: 'ms',
        };
        const rows: Row[] = [
          measured(NAME, bareFigure, { value: bareMs, unit: 'ms' }, undefined, {
            note: `${((dropped / bareMs) * 1000).toFixed(1)} files/s`,
          }),
        ];
        const paths: string[] = [];
        const barePaths: string[] = [];
        for (let i = 0; i < dropped; i++) {
          paths.push(await names.unique(source, `dropped-${String(i).padStart(4, '0')}.bin`));
          barePaths.push(await names.unique(source, `bare-in-page-${String(i).padStart(4, '0')}.bin`));
        }
        rows.push(
          ...(await attempt(NAME, [appFigure, taskFigure, inPageFigure], () =>
            withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page }) => {
              await recordLongTasks(page);
              await openRecordPage(page, RECORD_PATH);
              await watchCount(page, 'attachments-heading', existing);
              await shownAt(page, TIMEOUTS.uiMs, `the ${existing} attached files`);
              await watchCount(page, 'attachments-heading', existing + dropped);
              const [droppedAt, listedAt] = await traced(page, NAME, async () => {
                const at = await dropFiles(page, paths);
                const until = await shownAt(
                  page,
                  TIMEOUTS.uiMs * Math.max(1, dropped / 5),
                  `all ${existing + dropped} files`,
                );
                return [at, until] as const;
              });
              const ms = listedAt - droppedAt;
              const longest = await longestTask(page, droppedAt, listedAt);
              // The same requests from the same page under the same profile, onto the other record: the
              // floor that pays the device's CPU and Wi-Fi as the app does (Node's does not).
              const inPage = await bareAttachInPage(page, client, otherEntityId, barePaths, CONCURRENCY).then(
                (value) => ({ value }),
                (error: unknown) => {
                  // A bare script does not retry: in a dead zone it is no floor.
                  if (!activeDevice().deadZone) throw error;
                  return { lost: (error as Error).message.split('\n')[0] };
                },
              );
              const inPageCompare =
                'value' in inPage
                  ? { label: "bare script in the app's page, same requests", value: inPage.value, unit: 'ms' }
                  : undefined;
              const appNote = `${((dropped / ms) * 1000).toFixed(1)} files/s in the app, ${existing} rows listed before the drop`;
              return [
                measured(
                  NAME,
                  appFigure,
                  { value: ms, unit: 'ms' },
                  deviceEmulated() && inPageCompare ? inPageCompare : bare,
                  {
                    note: inPageCompare
                      ? `${appNote}; app / bare in the page ${(ms / inPageCompare.value).toFixed(2)}x, app / bare Node ${(ms / bareMs).toFixed(2)}x`
                      : appNote,
                  },
                ),
                measured(
                  NAME,
                  taskFigure,
                  { value: longest, unit: 'ms' },
                  { label: 'input response budget (RAIL)', value: INPUT_RESPONSE_MS, unit: 'ms' },
                  { note: 'from the drop until all are listed; 0 means no task over 50 ms' },
                ),
                'value' in inPage
                  ? measured(NAME, inPageFigure, { value: inPage.value, unit: 'ms' }, undefined, {
                      note: `${((dropped / inPage.value) * 1000).toFixed(1)} files/s; fetch and XMLHttpRequest, no retries`,
                    })
                  : {
                      benchmark: NAME,
                      figure: inPageFigure,
                      notMeasured: `a bare script does not retry; it lost a request in the dead zone: ${inPage.lost}`,
                    },
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
