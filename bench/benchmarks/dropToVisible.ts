import { readFile } from 'node:fs/promises';
import { TIMEOUTS } from '../config.ts';
import { attempt, type Benchmark } from '../lib/benchmark.ts';
import {
  apiClient,
  partEntityId,
  putBytes,
  register,
  requestTicket,
  type ApiClient,
} from '../lib/apiClient.ts';
import { openRecordPage } from '../lib/browser.ts';
import {
  dropFiles,
  firstGraphqlStart,
  storagePutDurations,
  waitUntilListed,
  watchListed,
} from '../lib/drop.ts';
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
  const ticket = await requestTicket(client, filename);
  const put = await putBytes(ticket.ticket, body);
  const registration = await register(client, {
    filename,
    s3Key: ticket.ticket.s3Key,
    s3Etag: put.etag,
    entityId,
  });
  return { total: ticket.ms + put.ms + registration.ms, put: put.ms };
}

/** A small file from the drop event to its attachment in the record's list, against the bare requests. */
export const dropToVisible: Benchmark = {
  name: NAME,
  figures: (ctx) => [
    `${sizeLabel(ctx.sizes.smallFileBytes)} file: drop to listed`,
    'bare requests (Node fetch)',
  ],
  async run(ctx) {
    const [appFigure, bareFigure] = this.figures(ctx) as [string, string];
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
          ...(await attempt(NAME, [appFigure], () =>
            withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page }) => {
              await openRecordPage(page, RECORD_PATH);
              const times: number[] = [];
              // Where the time goes: before the first request, and in the PUT (with its preflight).
              const beforeTicket: number[] = [];
              const puts: number[] = [];
              for (let i = 0; i < ctx.sizes.dropRepeats; i++) {
                const file = await names.named(source, `visible-${Date.now()}-${i}.bin`);
                await watchListed(page, [file.split('/').pop()!]);
                const droppedAt = await dropFiles(page, [file]);
                times.push((await waitUntilListed(page, TIMEOUTS.uiMs)) - droppedAt);
                beforeTicket.push((await firstGraphqlStart(page, droppedAt)) - droppedAt);
                puts.push(...(await storagePutDurations(page, droppedAt)));
              }
              const part = (xs: number[]) => median(xs).toFixed(0);
              return [
                measured(NAME, appFigure, { value: median(times), unit: 'ms' }, bareMs, {
                  note: `median of ${times.length}; drop to ticket request ${part(beforeTicket)} ms, PUT with preflight ${part(puts)} ms, bare PUT ${part(barePuts)} ms`,
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
