import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApolloClient } from '@apollo/client';
import {
  downloadAttachment,
  IN_MEMORY_DOWNLOAD_LIMIT,
  openStoredFile,
  STORED_FILE_ATTEMPTS,
  StorageError,
  StoredFileError,
} from './downloadAttachment.ts';

const SIGNED = 'http://storage.test/sandbox/attachments/abc/log.csv?X-Amz-Signature=1';

function clientAnswering(downloadUrl: string | null) {
  const query = vi.fn(async () => ({
    data: { fileAttachment: downloadUrl ? { id: 7, downloadUrl } : null },
  }));
  return { client: { query } as unknown as ApolloClient, query };
}

/** Records every link the code clicks, with what it would save the file as. */
function recordClicks() {
  const clicks: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download });
  });
  return clicks;
}

describe('downloadAttachment', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:http://app.test/1');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks for a fresh URL on every click and saves a small file under its filename', async () => {
    const { client, query } = clientAnswering(SIGNED);
    const clicks = recordClicks();
    const fetch = vi.fn(async () => new Response('a,b\n1,2\n', { headers: { 'content-length': '8' } }));
    vi.stubGlobal('fetch', fetch);

    await downloadAttachment(client, { id: 7, filename: 'torque log.csv' });
    await downloadAttachment(client, { id: 7, filename: 'torque log.csv' });

    expect(query).toHaveBeenCalledTimes(2);
    expect(query.mock.calls[0]).toEqual([expect.objectContaining({ fetchPolicy: 'network-only' })]);
    // Never from the HTTP cache, where an <img>'s answer without CORS could sit (issue 35).
    expect(fetch).toHaveBeenCalledWith(
      SIGNED,
      expect.objectContaining({ credentials: 'omit', cache: 'no-store' }),
    );
    expect(clicks).toEqual([
      { href: 'blob:http://app.test/1', download: 'torque log.csv' },
      { href: 'blob:http://app.test/1', download: 'torque log.csv' },
    ]);
  });

  it('hands a file over the in-memory limit to the browser without reading its body', async () => {
    const { client } = clientAnswering(SIGNED);
    const clicks = recordClicks();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const size = String(IN_MEMORY_DOWNLOAD_LIMIT + 1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { headers: { 'content-length': size } })),
    );

    await downloadAttachment(client, { id: 7, filename: 'big.log' });

    expect(clicks).toEqual([{ href: SIGNED, download: '' }]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('shows storage refusing the link instead of following it', async () => {
    const { client } = clientAnswering(SIGNED);
    const clicks = recordClicks();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<Error/>', { status: 403 })),
    );

    await expect(downloadAttachment(client, { id: 7, filename: 'x.csv' })).rejects.toThrow(StorageError);
    expect(clicks).toEqual([]);
  });

  it('never follows a URL that is not http(s)', async () => {
    const { client } = clientAnswering('javascript:alert(1)');
    const clicks = recordClicks();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);

    await expect(downloadAttachment(client, { id: 7, filename: 'x.csv' })).rejects.toThrow(
      'The server gave no usable download address for this file.',
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(clicks).toEqual([]);
  });
});

describe('openStoredFile on weak Wi-Fi', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Runs the read to its end, moving the clock through its waits. */
  async function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
    const result = Promise.allSettled([promise]).then(([only]) => only!);
    await vi.runAllTimersAsync();
    return result;
  }

  it('tries a read the network dropped again, and one a busy storage refused, then gives the bytes', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('busy', { status: 503, headers: { 'Retry-After': '1' } }))
      .mockResolvedValueOnce(new Response('bytes'));
    vi.stubGlobal('fetch', fetch);

    const result = await settle(openStoredFile(SIGNED));

    expect(result.status).toBe('fulfilled');
    expect(await (result as PromiseFulfilledResult<Response>).value.text()).toBe('bytes');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('says storage could not be reached once every try failed', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);

    const result = await settle(openStoredFile(SIGNED));

    expect(result).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/reach file storage/) },
    });
    expect(fetch).toHaveBeenCalledTimes(STORED_FILE_ATTEMPTS);
  });

  it('never tries an expired link or a missing file again', async () => {
    for (const status of [403, 404]) {
      const fetch = vi.fn(async () => new Response('<Error/>', { status }));
      vi.stubGlobal('fetch', fetch);
      const result = await settle(openStoredFile(SIGNED));
      expect(result).toMatchObject({ status: 'rejected', reason: expect.any(StoredFileError) });
      expect((result as PromiseRejectedResult).reason.status).toBe(status);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('tries again through a fresh URL when it can have one: after the network, storage, or an expired link', async () => {
    const FRESH = 'http://storage.test/sandbox/attachments/abc/log.csv?X-Amz-Signature=2';
    const NEWER = 'http://storage.test/sandbox/attachments/abc/log.csv?X-Amz-Signature=3';
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('<Error/>', { status: 403 }))
      .mockResolvedValueOnce(new Response('bytes'));
    vi.stubGlobal('fetch', fetch);
    const freshUrl = vi.fn().mockResolvedValueOnce(FRESH).mockResolvedValueOnce(NEWER);

    const result = await settle(openStoredFile(SIGNED, { freshUrl }));

    expect(result.status).toBe('fulfilled');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([SIGNED, FRESH, NEWER]);
    expect(freshUrl).toHaveBeenCalledTimes(2);
  });

  it('keeps the URL it has when no fresh one can be had, and says storage could not be reached', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    const freshUrl = vi.fn().mockRejectedValue(new Error('API unreachable'));

    const result = await settle(openStoredFile(SIGNED, { freshUrl }));

    expect(result).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/reach file storage/) },
    });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(Array(STORED_FILE_ATTEMPTS).fill(SIGNED));
  });

  it('stops waiting to try again as soon as the read is cancelled', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    const read = Promise.allSettled([openStoredFile(SIGNED, { signal: controller.signal })]);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    const [result] = await read;
    expect(result.status).toBe('rejected');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
