import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { etagMd5, fileBytes, measureFile, openWithRetry, type FetchDeps } from './fetchFile.ts';
import { batchedUrls } from './packageUrls.ts';
import type { FileOutcome, PackageFile } from './packageTypes.ts';

const BYTES = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 251));
const MD5 = createHash('md5').update(BYTES).digest('hex');

const file: PackageFile = {
  attachmentId: 7,
  appName: 'torque.jpg',
  zipPath: 'torque.jpg',
  step: null,
  field: null,
  contentType: 'image/jpeg',
  addedBy: null,
  addedAt: null,
};

/** URLs counted: `take` hands out "url-N" by batch, `fresh` a new one each time. */
function urlSource() {
  let n = 0;
  const urls = { take: vi.fn(async () => `https://s/${++n}`), fresh: vi.fn(async () => `https://s/${++n}`) };
  return urls;
}

/** A storage answer with the bytes from `start` on (a 206 when a range was asked). */
function answer(start = 0, { etag = `"${MD5}"`, breakAfter }: { etag?: string; breakAfter?: number } = {}) {
  const body = BYTES.subarray(start);
  let sent = false;
  // The bytes up to `breakAfter` are read, then the connection drops (an error only after the read:
  // an error at once would discard what was queued).
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (breakAfter === undefined) {
        controller.enqueue(body);
        controller.close();
      } else if (!sent) {
        sent = true;
        controller.enqueue(body.subarray(0, breakAfter));
      } else controller.error(new TypeError('network error'));
    },
  });
  return new Response(stream, {
    status: start > 0 ? 206 : 200,
    headers: {
      ETag: etag,
      ...(start > 0 ? { 'Content-Range': `bytes ${start}-${BYTES.length - 1}/${BYTES.length}` } : {}),
    },
  });
}

const deps = (
  fetch: FetchDeps['fetch'],
  urls = urlSource(),
): FetchDeps & { urls: ReturnType<typeof urlSource> } => ({
  urls,
  fetch,
  sleep: vi.fn(async () => undefined),
});

const emptyOutcome = (): FileOutcome => ({
  file,
  check: 'missing',
  bytes: 0,
  expectedBytes: BYTES.length,
  md5: null,
  etag: null,
  problem: null,
});

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return new Uint8Array(Buffer.concat(parts));
}

describe('openWithRetry', () => {
  it('asks for a fresh URL after an expired one (403) and waits before it', async () => {
    const fetch = vi.fn(async (url: string | URL | Request, _init?: RequestInit) =>
      String(url).endsWith('/1')
        ? new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 })
        : answer(),
    );
    const d = deps(fetch as typeof globalThis.fetch);
    const response = await openWithRetry(7, null, d, new AbortController().signal);
    expect(response.status).toBe(200);
    expect(d.urls.take).toHaveBeenCalledTimes(1);
    expect(d.urls.fresh).toHaveBeenCalledWith(7);
    expect(d.sleep).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ cache: 'no-store', credentials: 'omit' });
  });

  it('tries a dropped connection again, and gives up after its attempts', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const d = { ...deps(fetch as typeof globalThis.fetch), attempts: 3 };
    await expect(openWithRetry(7, null, d, new AbortController().signal)).rejects.toThrow(
      /reach file storage/,
    );
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(d.urls.fresh).toHaveBeenCalledTimes(2);
  });

  it('does not try again a file storage does not have (404)', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 404 }));
    const d = deps(fetch as typeof globalThis.fetch);
    await expect(openWithRetry(7, null, d, new AbortController().signal)).rejects.toMatchObject({
      status: 404,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('waits as long as a busy storage asks', async () => {
    let calls = 0;
    const fetch = vi.fn(async () =>
      ++calls === 1 ? new Response('', { status: 503, headers: { 'Retry-After': '2' } }) : answer(),
    );
    const d = deps(fetch as typeof globalThis.fetch);
    await openWithRetry(7, null, d, new AbortController().signal);
    expect(d.sleep).toHaveBeenCalledWith(2000, expect.anything());
  });
});

describe('measureFile', () => {
  it("reads the size from a one-byte range's Content-Range", async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('x', { status: 206, headers: { 'Content-Range': 'bytes 0-0/5242880' } }),
    );
    expect(await measureFile(7, deps(fetch as typeof globalThis.fetch), new AbortController().signal)).toBe(
      5242880,
    );
    expect(fetch.mock.calls[0]![1]).toMatchObject({ headers: { Range: 'bytes=0-0' } });
  });
});

describe('fileBytes', () => {
  it('hashes the bytes as they pass and checks them against the ETag', async () => {
    const outcome = emptyOutcome();
    const d = deps(vi.fn() as typeof globalThis.fetch);
    const bytes = await collect(
      fileBytes(file, answer(), d, new AbortController().signal, outcome, () => undefined),
    );
    expect(bytes).toEqual(BYTES);
    expect(outcome).toMatchObject({ check: 'match', md5: MD5, bytes: BYTES.length, etag: MD5 });
  });

  it('takes a broken read up where it stopped, with a fresh URL and a range', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const range = (init?.headers as Record<string, string>).Range;
      return answer(Number(/bytes=(\d+)-/.exec(range ?? '')![1]));
    });
    const d = deps(fetch as typeof globalThis.fetch);
    const outcome = emptyOutcome();
    const seen: number[] = [];
    const bytes = await collect(
      fileBytes(file, answer(0, { breakAfter: 400 }), d, new AbortController().signal, outcome, (n) =>
        seen.push(n),
      ),
    );
    expect(bytes).toEqual(BYTES);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ headers: { Range: 'bytes=400-' } });
    expect(d.urls.fresh).toHaveBeenCalledTimes(1);
    expect(seen.reduce((a, b) => a + b, 0)).toBe(BYTES.length);
    expect(outcome.check).toBe('match');
  });

  it('skips what it has when storage ignores the range and sends the whole file again', async () => {
    const fetch = vi.fn(async () => answer(0));
    const outcome = emptyOutcome();
    const bytes = await collect(
      fileBytes(
        file,
        answer(0, { breakAfter: 300 }),
        deps(fetch as typeof globalThis.fetch),
        new AbortController().signal,
        outcome,
        () => undefined,
      ),
    );
    expect(bytes).toEqual(BYTES);
    expect(outcome.check).toBe('match');
  });

  it('ends the entry short and says so when the retries run out', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const outcome = emptyOutcome();
    const bytes = await collect(
      fileBytes(
        file,
        answer(0, { breakAfter: 300 }),
        { ...deps(fetch as typeof globalThis.fetch), attempts: 2 },
        new AbortController().signal,
        outcome,
        () => undefined,
      ),
    );
    expect(bytes.length).toBe(300);
    expect(outcome.check).toBe('incomplete');
    expect(outcome.problem).toMatch(/reach file storage/);
  });

  it('reports bytes that differ from the ETag, and leaves a multipart ETag unchecked', async () => {
    const mismatch = emptyOutcome();
    await collect(
      fileBytes(
        file,
        answer(0, { etag: '"00000000000000000000000000000000"' }),
        deps(vi.fn() as typeof globalThis.fetch),
        new AbortController().signal,
        mismatch,
        () => undefined,
      ),
    );
    expect(mismatch.check).toBe('mismatch');
    const multipart = emptyOutcome();
    await collect(
      fileBytes(
        file,
        answer(0, { etag: `"${MD5}-3"` }),
        deps(vi.fn() as typeof globalThis.fetch),
        new AbortController().signal,
        multipart,
        () => undefined,
      ),
    );
    expect(multipart.check).toBe('unchecked');
  });

  it('reads an ETag as an MD5 only when it is one', () => {
    expect(etagMd5(`"${MD5.toUpperCase()}"`)).toBe(MD5);
    expect(etagMd5(`W/"${MD5}"`)).toBe(MD5);
    expect(etagMd5(`"${MD5}-2"`)).toBeNull();
    expect(etagMd5(null)).toBeNull();
  });
});

describe('batchedUrls', () => {
  it('asks for the next few files in one query at the first one’s turn, and each URL once', async () => {
    const asked: number[][] = [];
    const source = batchedUrls(
      [1, 2, 3, 4, 5, 6, 7],
      async (ids) => {
        asked.push(ids);
        return new Map(ids.map((id) => [id, `u${id}-${asked.length}`]));
      },
      3,
    );
    expect(await source.take(1)).toBe('u1-1');
    expect(await source.take(2)).toBe('u2-1');
    expect(await source.take(3)).toBe('u3-1');
    expect(await source.take(4)).toBe('u4-2');
    expect(asked).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(await source.fresh(5)).toBe('u5-3');
    expect(asked[2]).toEqual([5]);
    // 5's batch URL was dropped by the fresh one: its next take asks again.
    expect(await source.take(5)).toBe('u5-4');
  });

  it('says so when the API gives no URL for a file', async () => {
    const source = batchedUrls([1], async () => new Map(), 5);
    await expect(source.take(1)).rejects.toThrow();
  });
});
