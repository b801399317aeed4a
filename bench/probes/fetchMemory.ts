/**
 * A probe, not a benchmark (issue 38): how much Chromium's browser process grows while a page merely
 * reads a large response with fetch, with no app, no ZIP, no service worker and no download. It is the
 * floor under the evidence package's "browser RSS growth" figure.
 *
 *   npx tsx bench/probes/fetchMemory.ts [--mb 1024] [--rate <MB/s>]
 *
 * A local server sends `--mb` MB (at `--rate` MB/s if given, else as fast as loopback goes); the page
 * reads the body to its end and drops it. Printed: the peak growth of each Chromium role's resident
 * memory during the read, and the browser process's growth 1 s and 30 s after it.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBrowser } from '../lib/browser.ts';
import { chromiumRssByRole } from '../lib/processStats.ts';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 7);

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const size = option('mb', 1024) * MB;
const rate = option('rate', 0);

/** Writes `size` bytes, paced to `rate` MB/s when one is given, waiting for the socket when it is full. */
function send(res: ServerResponse): void {
  const started = Date.now();
  let sent = 0;
  const more = () => {
    while (sent < size) {
      if (rate && sent / MB > (rate * (Date.now() - started)) / 1000) return void setTimeout(more, 5);
      sent += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once('drain', more);
    }
    res.end();
  };
  more();
}

const server = createServer((req, res) => {
  if (req.url === '/data') {
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': size,
      'cache-control': 'no-store',
    });
    send(res);
  } else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>probe</title>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await launchBrowser();
const page = await browser.newPage();
await page.goto(origin);
const browserAnon = () => chromiumRssByRole(process.pid, true).get('browser anon') ?? 0;
const before = chromiumRssByRole(process.pid, true);
const peaks = new Map<string, number>();
const started = Date.now();
const read = page.evaluate(async () => {
  const reader = (await fetch('/data', { cache: 'no-store' })).body!.getReader();
  let bytes = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
  return bytes;
});
let reading = true;
void read.finally(() => (reading = false)).catch(() => undefined);
while (reading) {
  for (const [role, bytes] of chromiumRssByRole(process.pid, true))
    peaks.set(role, Math.max(peaks.get(role) ?? 0, bytes));
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const bytes = await read;
const seconds = (Date.now() - started) / 1000;
const growth = [...peaks]
  .map(([role, peak]) => [role, (peak - (before.get(role) ?? 0)) / MB] as const)
  .filter(([, grew]) => Math.abs(grew) >= 1)
  .sort((a, b) => b[1] - a[1]);
const anonBefore = before.get('browser anon') ?? 0;
const afterMs = async (ms: number) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return ((browserAnon() - anonBefore) / MB).toFixed(0);
};
const oneSecond = await afterMs(1000);
const thirtySeconds = await afterMs(29_000);
console.log(
  `fetch of ${(bytes / MB).toFixed(0)} MB read to its end in ${seconds.toFixed(1)} s (${(bytes / MB / seconds).toFixed(0)} MB/s${rate ? `, paced at ${rate}` : ', loopback'})`,
);
console.log(
  `peak growth by role: ${growth.map(([role, grew]) => `${role} ${grew.toFixed(0)} MB`).join(', ')}`,
);
console.log(`browser process (anon) after the read: +${oneSecond} MB at 1 s, +${thirtySeconds} MB at 30 s`);
await browser.close();
server.close();
