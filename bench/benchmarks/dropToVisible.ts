import { readFile } from 'node:fs/promises';
import { TIMEOUTS } from '../config.ts';
import { attempt, type Benchmark } from '../lib/benchmark.ts';
import { apiClient, attachBytes, partEntityId, type ApiClient } from '../lib/apiClient.ts';
import { bareAttachInPage } from '../lib/bareAttachInPage.ts';
import { openRecordPage } from '../lib/browser.ts';
import { activeDevice, deviceEmulated } from '../lib/device.ts';
import { traced } from '../lib/trace.ts';
import { dropUntilListed, firstGraphqlStart, storagePutDurations } from '../lib/drop.ts';
import { namingDir, sizeLabel, sourceFile } from '../lib/files.ts';
import { measured, type Row } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';
import { median } from '../lib/stats.ts';

const NAME = 'drop-to-visible';
const RECORD_PATH = '/parts/1';

/** The same three requests from a plain Node client (fetch): ticket, PUT, registration; summed. */
async function bareAttach(
  client: ApiClient,
  body: Uint8Array<ArrayBuffer>,
  entityId: number,
  filename: string,
): Promise<{ total: number; put: number }> {
  const { ticketMs, putMs, registerMs } = await attachBytes(client, body, entityId, filename);
  return { total: ticketMs + putMs + registerMs, put: putMs };
}

/** A small file from the drop event to its attachment in the record's list, against the bare requests. */
export const dropToVisible: Benchmark = {
  name: NAME,
  figures: (ctx) => [
    `${sizeLabel(ctx.sizes.smallFileBytes)} file: drop to listed`,
    'bare requests (Node fetch)',
    'bare requests in Chromium',
  ],
  async run(ctx) {
    const [appFigure, bareFigure, bareInPageFigure] = this.figures(ctx) as [string, string, string];
    const names = await namingDir();
    try {
      const source = await sourceFile(ctx.sizes.smallFileBytes);
      const body = new Uint8Array(await readFile(source));
      return await withSandbox(ctx.repoRoot, {}, async (sandbox, appPort) => {
        const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
        const entityId = await partEntityId(client, 1);
        await bareAttach(client, body, entityId, `warmup-${Date.now()}.bin`);
        const bare: number[] = [];
        const barePuts: number[] = [];
        for (let i = 0; i < ctx.sizes.dropRepeats; i++) {
          const attach = await bareAttach(client, body, entityId, `bare-${Date.now()}-${i}.bin`);
          bare.push(attach.total);
          barePuts.push(attach.put);
        }
        const bareMs = {
          label: 'bare ticket + PUT + register (Node fetch) median',
          value: median(bare),
          unit: 'ms',
        };
        const rows: Row[] = [
          measured(NAME, bareFigure, { value: median(bare), unit: 'ms' }, undefined, {
            note: `median of ${bare.length}`,
          }),
        ];
        rows.push(
          ...(await attempt(NAME, [appFigure, bareInPageFigure], () =>
            withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page }) => {
              await openRecordPage(page, RECORD_PATH);
              const times: number[] = [];
              // Where the time goes: before the first request, and in the PUT (with its preflight).
              const beforeTicket: number[] = [];
              const puts: number[] = [];
              for (let i = 0; i < ctx.sizes.dropRepeats; i++) {
                // Sizes differ by a byte or more, as photos do (the duplicate guard clears each at once; the uppy
                // benchmark measures the equal-sized case on its own).
                const file = await names.unique(source, `visible-${Date.now()}-${i}.bin`, i + 1);
                // The last drop is traced when BENCH_TRACE_DIR is set (the earlier ones warm the page).
                const drop = () => dropUntilListed(page, [file], TIMEOUTS.uiMs);
                const { droppedAt, ms } = await (i === ctx.sizes.dropRepeats - 1
                  ? traced(page, NAME, drop)
                  : drop());
                times.push(ms);
                beforeTicket.push((await firstGraphqlStart(page, droppedAt)) - droppedAt);
                puts.push(...(await storagePutDurations(page, droppedAt)));
              }
              const inPage: number[] = [];
              try {
                for (let i = 0; i < ctx.sizes.dropRepeats; i++) {
                  const file = await names.unique(source, `bare-in-page-${Date.now()}-${i}.bin`, i + 1);
                  inPage.push(await bareAttachInPage(page, client, entityId, [file]));
                }
              } catch (error) {
                // A bare script does not retry: in a dead zone it is not a floor, so the app is compared with Node's.
                if (!activeDevice().deadZone) throw error;
                return [
                  measured(NAME, appFigure, { value: median(times), unit: 'ms' }, bareMs, {
                    vital: 'INP',
                    note: `median of ${times.length}; drop to ticket request ${median(beforeTicket).toFixed(0)} ms; the bare script in the page lost a request in the dead zone (it does not retry)`,
                  }),
                  {
                    benchmark: NAME,
                    figure: bareInPageFigure,
                    notMeasured: `a bare script does not retry; it lost a request in the dead zone: ${(error as Error).message.split('\n')[0]}`,
                  },
                ];
              }
              const part = (xs: number[]) => median(xs).toFixed(0);
              // Under a device profile only the page's own requests pay the same Wi-Fi and CPU.
              const bareInPageMs = {
                label: 'bare ticket + PUT + register in the same page, median',
                value: median(inPage),
                unit: 'ms',
              };
              return [
                measured(
                  NAME,
                  appFigure,
                  { value: median(times), unit: 'ms' },
                  deviceEmulated() ? bareInPageMs : bareMs,
                  {
                    vital: 'INP',
                    note: `median of ${times.length}; drop to ticket request ${part(beforeTicket)} ms, PUT with preflight ${part(puts)} ms, bare PUT ${part(barePuts)} ms; app/bare in Chromium ${(median(times) / median(inPage)).toFixed(2)}x`,
                  },
                ),
                measured(NAME, bareInPageFigure, { value: median(inPage), unit: 'ms' }, bareMs, {
                  note: `the same three requests from the app's page by a bare script (fetch, XHR PUT of the File), median of ${inPage.length}`,
                }),
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
