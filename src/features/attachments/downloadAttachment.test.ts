import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApolloClient } from '@apollo/client';
import { downloadAttachment, IN_MEMORY_DOWNLOAD_LIMIT, StorageError } from './downloadAttachment.ts';

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
    expect(fetch).toHaveBeenCalledWith(SIGNED, expect.objectContaining({ credentials: 'omit' }));
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
