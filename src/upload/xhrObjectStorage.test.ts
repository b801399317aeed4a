import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadError } from './uploadErrors.ts';
import { unquoteEtag, xhrObjectStorage } from './xhrObjectStorage.ts';

describe('unquoteEtag', () => {
  it('removes the quotes storage puts around the ETag', () => {
    expect(unquoteEtag('"9e107d9d372bb6826bd81d3542a419d6"')).toBe('9e107d9d372bb6826bd81d3542a419d6');
    expect(unquoteEtag('W/"abc"')).toBe('abc');
    expect(unquoteEtag('abc')).toBe('abc');
  });

  it('is null when the header is missing or unreadable', () => {
    expect(unquoteEtag(null)).toBeNull();
    expect(unquoteEtag('')).toBeNull();
    expect(unquoteEtag('""')).toBeNull();
  });
});

// A busy storage on another origin, as the browser meets it: the PUT goes through CORS (jsdom enforces it),
// and only headers the storage exposes can be read.
describe('a storage answering 503 with Retry-After', () => {
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const cors = { 'Access-Control-Allow-Origin': req.headers.origin ?? '*' };
      if (req.method === 'OPTIONS') {
        res.writeHead(200, {
          ...cors,
          'Access-Control-Allow-Methods': 'PUT',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        });
        res.end();
        return;
      }
      req.resume();
      const exposed = req.url?.includes('exposed') ? { 'Access-Control-Expose-Headers': 'Retry-After' } : {};
      res.writeHead(503, { ...cors, ...exposed, 'Retry-After': '20', 'Content-Type': 'application/xml' });
      res.end('<Error><Code>SlowDown</Code></Error>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const putTo = (path: string) =>
    xhrObjectStorage
      .put({
        url: `${origin}${path}`,
        body: new Blob(['bytes']),
        contentType: 'text/plain',
        stallTimeoutMs: 30_000,
        onProgress: () => undefined,
        signal: new AbortController().signal,
      })
      .then(
        () => new Error('stored'),
        (error: unknown) => error,
      );

  it('makes the next try wait as long as it asks, when the storage exposes the header', async () => {
    const error = await putTo('/exposed/a.txt');
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ kind: 'transient', retryAfterMs: 20_000 });
  });

  it('cannot see the wait when the storage does not expose it (why the sandbox does)', async () => {
    expect(await putTo('/hidden/a.txt')).toMatchObject({ kind: 'transient', retryAfterMs: null });
  });
});
