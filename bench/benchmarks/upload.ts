import { statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { TIMEOUTS } from '../config.ts';
import { attempt, type Benchmark } from '../lib/benchmark.ts';
import {
  apiClient,
  curlPut,
  partEntityId,
  register,
  requestTicket,
  type ApiClient,
} from '../lib/apiClient.ts';
import { openRecordPage } from '../lib/browser.ts';
import { sendableOverDevice } from '../lib/device.ts';
import {
  dropFiles,
  firstGraphqlStart,
  storagePutDurations,
  waitUntilListed,
  watchListed,
} from '../lib/drop.ts';
import { namingDir, nodeMd5Speed, sizeLabel, sourceFile } from '../lib/files.ts';
import { md5SpeedOfAppWorker, md5WorkerPath } from '../lib/md5InPage.ts';
import { watchMemory } from '../lib/memory.ts';
import { chromiumCpuSeconds, treeCpuSeconds } from '../lib/processStats.ts';
import { measured, type Row } from '../lib/report.ts';
import { withApp, withSandbox, type AppStack } from '../lib/stack.ts';
import { mbPerSecond, now } from '../lib/stats.ts';

const NAME = 'upload';
const MB = 1024 * 1024;
/** The record page files are dropped on. */
const RECORD_PATH = '/parts/1';

const curlFigures = (size: string) => [`curl attach ${size}`];
const appFigures = (size: string) => [
  `attach ${size} (ticket to listed)`,
  `PUT ${size}`,
  `JS heap growth ${size}`,
  `browser RSS growth ${size}`,
  `PUT ${size}, bare in Chromium`,
];
const MD5_FIGURE = "MD5 fallback (the app's worker)";

interface CurlResult {
  wholeMs: number;
  putMs: number;
  /** CPU seconds the sandbox spent while curl's PUT ran. */
  sandboxCpu: number;
}

/** CPU seconds used by Chromium and by the sandbox while `run` runs: who does the work of a PUT. */
async function cpuDuring<T>(
  sandboxPid: number,
  run: () => Promise<T>,
): Promise<{ result: T; chromium: number; sandbox: number }> {
  const chromium = chromiumCpuSeconds();
  const sandbox = treeCpuSeconds(sandboxPid);
  const result = await run();
  return {
    result,
    chromium: chromiumCpuSeconds() - chromium,
    sandbox: treeCpuSeconds(sandboxPid) - sandbox,
  };
}

const cpuText = (seconds: number) => `${seconds.toFixed(1)} s`;

/** The floor: ticket, `curl -T`, registration, timed from this process. */
async function curlAttach(
  client: ApiClient,
  file: string,
  entityId: number,
  sandboxPid: number,
): Promise<CurlResult> {
  const filename = `curl-${Date.now()}-${statSync(file).size}.bin`;
  const start = now();
  const { ticket } = await requestTicket(client, filename);
  const put = await cpuDuring(sandboxPid, () => curlPut(ticket, file));
  await register(client, { filename, s3Key: ticket.s3Key, s3Etag: put.result.etag, entityId });
  return { wholeMs: now() - start, putMs: put.result.ms, sandboxCpu: put.sandbox };
}

type BarePut = 'xhr' | 'fetch';

/**
 * The same file PUT from the same page without the app, to a fresh ticket: a bare XMLHttpRequest with
 * an upload progress listener (what the app uses), or a bare fetch. What the browser itself costs, so
 * the app's PUT can be told apart from Chromium's.
 */
async function barePutInPage(page: Page, client: ApiClient, file: string, how: BarePut): Promise<number> {
  await page.setInputFiles('#bench-file-source', [file]);
  const { ticket } = await requestTicket(client, `bare-${how}-${Date.now()}-${file.split('/').pop()}`);
  return page.evaluate(
    async ({ ticket, how }) => {
      const body = (document.getElementById('bench-file-source') as HTMLInputElement).files![0]!;
      const start = performance.now();
      if (how === 'xhr') {
        await new Promise<void>((resolve, reject) => {
          const xhr = new XMLHttpRequest();
          xhr.open('PUT', ticket.uploadUrl);
          xhr.setRequestHeader('Content-Type', ticket.contentType);
          xhr.upload.onprogress = () => undefined;
          xhr.onload = () =>
            xhr.status === 200 ? resolve() : reject(new Error(`bare XHR PUT ${xhr.status}`));
          xhr.onerror = () => reject(new Error('bare XHR PUT failed'));
          xhr.send(body);
        });
      } else {
        const response = await fetch(ticket.uploadUrl, {
          method: 'PUT',
          headers: { 'Content-Type': ticket.contentType },
          body,
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`bare fetch PUT ${response.status}`);
      }
      return performance.now() - start;
    },
    { ticket, how },
  );
}

async function appAttach(
  page: Page,
  client: ApiClient,
  sandboxPid: number,
  file: string,
  curl: CurlResult | undefined,
): Promise<Row[]> {
  const bytes = statSync(file).size;
  sendableOverDevice(bytes);
  const size = sizeLabel(bytes);
  const [whole, put, heap, rss, barePut] = appFigures(size) as [string, string, string, string, string];
  await openRecordPage(page, RECORD_PATH);
  const memoryWatch = await watchMemory(page);
  const filename = file.split('/').pop()!;
  await watchListed(page, [filename]);
  const attach = await cpuDuring(sandboxPid, async () => {
    const droppedAt = await dropFiles(page, [file]);
    const listed = waitUntilListed(page, TIMEOUTS.uiMs + (TIMEOUTS.uploadPerMbMs * bytes) / MB);
    const memory = await memoryWatch.sample(listed);
    return { droppedAt, memory, listedAt: await listed };
  });
  const { droppedAt, memory, listedAt } = attach.result;
  const puts = await storagePutDurations(page, droppedAt);
  const ticketAt = await firstGraphqlStart(page, droppedAt);
  const bareXhr = await cpuDuring(sandboxPid, () => barePutInPage(page, client, file, 'xhr'));
  const bareFetchMs = await barePutInPage(page, client, file, 'fetch');
  const ms = (value: number) => ({ value, unit: 'ms' });
  const mb = (value: number) => ({ value: value / MB, unit: 'MB' });
  const wholeMs = listedAt - ticketAt;
  const putMs = puts.at(-1) ?? Number.NaN;
  return [
    measured(
      NAME,
      whole,
      ms(wholeMs),
      curl && { label: 'curl: ticket + PUT + register', ...ms(curl.wholeMs) },
      {
        note: `app ${mbPerSecond(bytes, wholeMs).toFixed(0)} MB/s; from the drop event ${(listedAt - droppedAt).toFixed(0)} ms`,
      },
    ),
    measured(NAME, put, ms(putMs), curl && { label: 'curl -T', ...ms(curl.putMs) }, {
      note: `app ${mbPerSecond(bytes, putMs).toFixed(0)} MB/s${curl ? `, curl ${mbPerSecond(bytes, curl.putMs).toFixed(0)} MB/s` : ''}${puts.length > 1 ? `, ${puts.length} PUTs (retries)` : ''}; app/bare Chromium XHR ${(putMs / bareXhr.result).toFixed(2)}x; CPU during the attach: Chromium ${cpuText(attach.chromium)}, sandbox ${cpuText(attach.sandbox)}${curl ? ` (during curl's PUT: sandbox ${cpuText(curl.sandboxCpu)})` : ''}`,
    }),
    measured(NAME, barePut, ms(bareXhr.result), curl && { label: 'curl -T', ...ms(curl.putMs) }, {
      note: `bare XHR with a progress listener ${mbPerSecond(bytes, bareXhr.result).toFixed(0)} MB/s, CPU: Chromium ${cpuText(bareXhr.chromium)}, sandbox ${cpuText(bareXhr.sandbox)}; bare fetch ${bareFetchMs.toFixed(0)} ms = ${mbPerSecond(bytes, bareFetchMs).toFixed(0)} MB/s (no progress events)`,
    }),
    measured(
      NAME,
      heap,
      mb(memory.heapGrowth),
      { label: 'file size', ...mb(bytes) },
      {
        note: `peak page JS heap ${(memory.heapPeak / MB).toFixed(0)} MB (CDP JSHeapUsedSize)`,
      },
    ),
    measured(
      NAME,
      rss,
      mb(memory.rssGrowth),
      { label: 'file size', ...mb(bytes) },
      {
        note: `all Chromium processes, peak ${(memory.rssPeak / MB).toFixed(0)} MB`,
      },
    ),
  ];
}

/**
 * The app's own upload (a real drop on a record page, in Chromium) against `curl -T` of the same file
 * to a fresh ticket on the same sandbox, plus memory during the upload and the MD5 fallback's speed.
 */
export const upload: Benchmark = {
  name: NAME,
  figures: (ctx) => [
    ...ctx.sizes.uploadBytes.flatMap((b) => [...curlFigures(sizeLabel(b)), ...appFigures(sizeLabel(b))]),
    MD5_FIGURE,
  ],
  async run(ctx) {
    const names = await namingDir();
    try {
      const sources: string[] = [];
      for (const bytes of ctx.sizes.uploadBytes) {
        ctx.log(`upload: preparing a ${sizeLabel(bytes)} file`);
        sources.push(await sourceFile(bytes));
      }
      return await withSandbox(ctx.repoRoot, {}, async (sandbox, appPort) => {
        const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
        const entityId = await partEntityId(client, 1);
        const curl = new Map<string, CurlResult>();
        const rows: Row[] = [];
        for (const source of sources) {
          const size = sizeLabel(statSync(source).size);
          ctx.log(`upload: curl ${size}`);
          rows.push(
            ...(await attempt(NAME, curlFigures(size), async () => {
              const result = await curlAttach(client, source, entityId, sandbox.pid);
              curl.set(source, result);
              return [
                measured(NAME, `curl attach ${size}`, { value: result.wholeMs, unit: 'ms' }, undefined, {
                  note: `PUT ${result.putMs.toFixed(0)} ms = ${mbPerSecond(statSync(source).size, result.putMs).toFixed(0)} MB/s`,
                }),
              ];
            })),
          );
        }
        const appRows = await attempt(
          NAME,
          [...sources.flatMap((s) => appFigures(sizeLabel(statSync(s).size))), MD5_FIGURE],
          () =>
            withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page }: AppStack) => {
              const out: Row[] = [];
              for (const [i, source] of sources.entries()) {
                const size = sizeLabel(statSync(source).size);
                ctx.log(`upload: app ${size}`);
                // Each size is dropped once per page, so a hard link will not meet the duplicate guard.
                const file = await names.named(source, `app-${i}-${Date.now()}.bin`);
                out.push(
                  ...(await attempt(NAME, appFigures(size), () =>
                    appAttach(page, client, sandbox.pid, file, curl.get(source)),
                  )),
                );
              }
              const largest = sources.at(-1)!;
              out.push(
                ...(await attempt(NAME, [MD5_FIGURE], async () => {
                  const inPage = await md5SpeedOfAppWorker(page, md5WorkerPath(ctx.repoRoot), largest);
                  const native = await nodeMd5Speed(largest);
                  return [
                    measured(
                      NAME,
                      MD5_FIGURE,
                      { value: inPage, unit: 'MB/s' },
                      { label: 'Node native MD5', value: native, unit: 'MB/s' },
                      {
                        note: `the app's MD5 worker over ${sizeLabel(statSync(largest).size)} from disk`,
                      },
                    ),
                  ];
                })),
              );
              return out;
            }),
        );
        return [...rows, ...appRows];
      });
    } finally {
      await names.remove();
    }
  },
};
