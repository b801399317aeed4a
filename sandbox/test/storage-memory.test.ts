import { createHash } from 'node:crypto';
import http from 'node:http';
import { expect, test } from 'vitest';
import { BUILTIN_STORAGE } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

const MB = 1024 * 1024;
const TOTAL = 200 * MB;

const s = useSandbox({ storage: BUILTIN_STORAGE });

/** PUTs TOTAL bytes in 1 MB chunks, honouring backpressure, so the client side holds one chunk at a time. */
function streamUpload(url: URL, chunk: Buffer): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(TOTAL) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
    });
    req.on('error', reject);
    let sent = 0;
    const writeMore = () => {
      while (sent < TOTAL) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end();
    };
    writeMore();
  });
}

test('a 200 MB object streams up and down with flat memory and the right ETag', async () => {
  const chunk = Buffer.alloc(MB, 7);
  const expected = createHash('md5');
  for (let i = 0; i < TOTAL / MB; i++) expected.update(chunk);
  const key = 'uploads/big/blob.bin';
  const url = new URL(await s.sandbox.storage.presignPut(key, 'application/octet-stream'));

  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const { status, etag } = await streamUpload(url, chunk);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const growthMb = (peak - before) / MB;
  console.log(`RSS growth while streaming ${TOTAL / MB} MB: ${growthMb.toFixed(1)} MB`);
  expect(status).toBe(200);
  expect(etag).toBe(`"${expected.digest('hex')}"`);
  expect(await s.sandbox.storage.head(key)).toMatchObject({ size: TOTAL });
  expect(growthMb).toBeLessThan(100);

  const download = new URL(await s.sandbox.storage.presignGet(key, 'blob.bin', 'application/octet-stream'));
  const downloaded = createHash('md5');
  let received = 0;
  const getBefore = process.memoryUsage().rss;
  let getPeak = getBefore;
  const getSampler = setInterval(() => {
    getPeak = Math.max(getPeak, process.memoryUsage().rss);
  }, 20);
  await new Promise<void>((resolve, reject) => {
    http
      .get(download, (res) => {
        res.on('data', (c: Buffer) => {
          received += c.length;
          downloaded.update(c);
        });
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });
  clearInterval(getSampler);
  const getGrowthMb = (getPeak - getBefore) / MB;
  console.log(`RSS growth while downloading ${TOTAL / MB} MB: ${getGrowthMb.toFixed(1)} MB`);
  expect(received).toBe(TOTAL);
  expect(`"${downloaded.digest('hex')}"`).toBe(etag);
  expect(getGrowthMb).toBeLessThan(100);
});
