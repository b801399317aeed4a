import type { Page } from '@playwright/test';
import { TIMEOUTS } from '../config.ts';
import { attempt, NotReady, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { openRecordPage } from '../lib/browser.ts';
import type { CountingProxy, SeenRequest } from '../lib/countingProxy.ts';
import { dropFiles, waitUntilListed, watchListed } from '../lib/drop.ts';
import { namingDir, sourceFile } from '../lib/files.ts';
import { measured, type Row } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';

const NAME = 'round-trips';
const RECORD_PATH = '/parts/1';
/** Requests per file at the floor: one ticket, one PUT, one registration. */
const FLOOR_PER_FILE = 3;
/** Quiet time after the last attachment shows, so late requests (refetches) are counted too. */
const SETTLE_MS = 1_000;

const pageFigure = 'record page full load: GraphQL requests';
const dropFigures = (n: number) => [`${n} file(s): requests total`, `${n} file(s): requests per file`];

/** "graphql 3 (Ticket×1, Register×1, …), storage PUT 1, …" */
export function breakdown(seen: readonly SeenRequest[]): string {
  const byKind = new Map<string, number>();
  const byOperation = new Map<string, number>();
  for (const request of seen) {
    byKind.set(request.kind, (byKind.get(request.kind) ?? 0) + 1);
    for (const op of request.operations) byOperation.set(op, (byOperation.get(op) ?? 0) + 1);
  }
  return [...byKind]
    .map(([kind, count]) => {
      if (kind !== 'graphql' || byOperation.size === 0) return `${kind} ${count}`;
      return `${kind} ${count} (${[...byOperation].map(([op, c]) => `${op}×${c}`).join(', ')})`;
    })
    .join(', ');
}

/** Requests that count against the floor: everything but CORS preflights, which are listed apart. */
function counted(seen: readonly SeenRequest[]): SeenRequest[] {
  return seen.filter((r) => r.kind !== 'CORS preflight');
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(SETTLE_MS);
}

async function dropAndCount(
  ctx: BenchContext,
  page: Page,
  proxy: CountingProxy,
  paths: string[],
): Promise<Row[]> {
  const n = paths.length;
  const names = paths.map((p) => p.split('/').pop()!);
  await openRecordPage(page, RECORD_PATH);
  await settle(page);
  proxy.reset();
  await watchListed(page, names);
  await dropFiles(page, paths);
  await waitUntilListed(page, TIMEOUTS.uiMs * Math.max(1, n / 5));
  await settle(page);
  const seen = proxy.seen();
  const total = counted(seen).length;
  const floor = FLOOR_PER_FILE * n;
  const preflights = seen.length - total;
  const note = `${breakdown(seen)}${preflights > 0 ? '; CORS preflights are not counted in the total' : ''}`;
  const [totalFigure, perFileFigure] = dropFigures(n) as [string, string];
  ctx.log(`round trips: ${n} file(s): ${note}`);
  return [
    measured(
      NAME,
      totalFigure,
      { value: total, unit: 'requests' },
      { label: 'floor (ticket + PUT + register per file)', value: floor, unit: 'requests' },
      { note },
    ),
    measured(
      NAME,
      perFileFigure,
      { value: total / n, unit: 'requests' },
      { label: 'floor', value: FLOOR_PER_FILE, unit: 'requests' },
      {
        note: preflights > 0 ? `plus ${(preflights / n).toFixed(1)} CORS preflight(s) per file` : undefined,
      },
    ),
  ];
}

/**
 * Requests reaching the sandbox (through a counting proxy) when one file and then many are dropped on
 * one record, against the floor, and what loading the record page itself costs.
 */
export const roundTrips: Benchmark = {
  name: NAME,
  figures: (ctx) => [pageFigure, ...dropFigures(1), ...dropFigures(ctx.sizes.manyFiles)],
  async run(ctx) {
    const names = await namingDir();
    try {
      const source = await sourceFile(ctx.sizes.smallFileBytes);
      const stamp = Date.now();
      const one = [await names.unique(source, `rt-one-${stamp}.bin`)];
      const many: string[] = [];
      for (let i = 0; i < ctx.sizes.manyFiles; i++)
        many.push(await names.unique(source, `rt-many-${stamp}-${i}.bin`));
      return await withSandbox(ctx.repoRoot, { countRequests: true }, (sandbox, appPort) =>
        withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page }) => {
          const proxy = sandbox.proxy!;
          const rows = await attempt(NAME, [pageFigure], async () => {
            await page.goto('/');
            await settle(page);
            proxy.reset();
            await openRecordPage(page, RECORD_PATH);
            await settle(page);
            const graphql = proxy.seen().filter((r) => r.kind === 'graphql');
            if (graphql.length === 0)
              throw new NotReady('the record page made no GraphQL request through the proxy');
            return [
              measured(
                NAME,
                pageFigure,
                { value: graphql.length, unit: 'requests' },
                {
                  label: 'floor (me for the shell + record with entity id and attachments)',
                  value: 2,
                  unit: 'requests',
                },
                {
                  note: breakdown(proxy.seen()),
                },
              ),
            ];
          });
          rows.push(...(await attempt(NAME, dropFigures(1), () => dropAndCount(ctx, page, proxy, one))));
          rows.push(
            ...(await attempt(NAME, dropFigures(many.length), () => dropAndCount(ctx, page, proxy, many))),
          );
          return rows;
        }),
      );
    } finally {
      await names.remove();
    }
  },
};
