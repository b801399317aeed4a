import { createHash } from 'node:crypto';
import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { BUILTIN_STORAGE, preflight, putObject as put } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

const md5 = (data: Buffer | string) => `"${createHash('md5').update(data).digest('hex')}"`;
const APP_ORIGIN = 'http://127.0.0.1:5173';
let counter = 0;
const freshKey = (name = 'file.pdf') => `uploads/${Date.now()}-${++counter}/${name}`;

async function errorCode(res: Response): Promise<string | undefined> {
  return /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];
}

/** The response is S3's refusal: this HTTP status, and this `<Code>` in its XML body. */
async function expectS3Error(res: Response, status: number, code: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(await errorCode(res)).toBe(code);
}

/** Changes one hex digit of the signature, keeping its length. */
function tamperSignature(url: string): string {
  const u = new URL(url);
  const sig = u.searchParams.get('X-Amz-Signature')!;
  u.searchParams.set('X-Amz-Signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
  return u.toString();
}

describe('built-in storage endpoint', () => {
  const s = useSandbox({ storage: BUILTIN_STORAGE, maxUploadBytes: 1000, allowedOrigins: [APP_ORIGIN] });

  test('a PUT with the signed Content-Type stores the object and answers the quoted MD5 as ETag', async () => {
    const key = freshKey();
    const body = Buffer.from('%PDF-1.7 a small pdf body');
    const res = await put(
      await s.sandbox.storage.presignPut(key, 'application/pdf'),
      body,
      'application/pdf',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(md5(body));
    expect(await s.sandbox.storage.head(key)).toEqual({
      etag: md5(body),
      size: body.length,
      contentType: 'application/pdf',
    });
  });

  test('the presigned URL carries Content-Type as a signed header and no checksum parameters', async () => {
    const url = new URL(await s.sandbox.storage.presignPut(freshKey('a b/ü+x.png'), 'image/png'));
    expect(url.origin).toBe(s.sandbox.config.publicUrl);
    expect(url.pathname).toMatch(/^\/storage\/sandbox\/uploads\/.*\/a%20b\/%C3%BC%2Bx\.png$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(s.sandbox.config.uploadUrlTtlSeconds));
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(false);
  });

  test('a PUT with another Content-Type is refused with SignatureDoesNotMatch and stores nothing', async () => {
    const key = freshKey();
    const res = await put(await s.sandbox.storage.presignPut(key, 'application/pdf'), 'x', 'image/png');
    await expectS3Error(res, 403, 'SignatureDoesNotMatch');
    expect(await s.sandbox.storage.head(key)).toBeNull();
  });

  test('a PUT URL works once: the second PUT is refused and the first object stays', async () => {
    const key = freshKey();
    const url = await s.sandbox.storage.presignPut(key, 'text/plain');
    expect((await put(url, 'first', 'text/plain')).status).toBe(200);
    const again = await put(url, 'second', 'text/plain');
    await expectS3Error(again, 403, 'AccessDenied');
    expect((await s.sandbox.storage.head(key))?.etag).toBe(md5('first'));
  });

  test('a PUT whose client goes away mid-body stores nothing and leaves the URL usable', async () => {
    const key = freshKey();
    const url = new URL(await s.sandbox.storage.presignPut(key, 'text/plain'));
    const streaming = () => readdir(path.join(s.sandbox.dataDir, 'storage', 'tmp'));
    const req = http.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', 'content-length': '500' },
    });
    req.on('error', () => undefined);
    req.write('only part of it');
    // Gone once storage has begun writing the object, and waited for until storage has given it up.
    await vi.waitFor(async () => expect(await streaming()).toHaveLength(1));
    req.destroy();
    await vi.waitFor(async () => expect(await streaming()).toEqual([]));
    expect(await s.sandbox.storage.head(key)).toBeNull();
    expect((await put(url.toString(), 'complete', 'text/plain')).status).toBe(200);
  });

  test('a tampered signature, key or expiry is refused', async () => {
    const key = freshKey();
    const url = await s.sandbox.storage.presignPut(key, 'text/plain');
    const badSig = await put(tamperSignature(url), 'x', 'text/plain');
    await expectS3Error(badSig, 403, 'SignatureDoesNotMatch');

    const otherKey = url.replace('/file.pdf?', '/other.pdf?');
    expect(otherKey).not.toBe(url);
    const badKey = await put(otherKey, 'x', 'text/plain');
    await expectS3Error(badKey, 403, 'SignatureDoesNotMatch');

    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect((await put(longer.toString(), 'x', 'text/plain')).status).toBe(403);

    const unsigned = new URL(url);
    unsigned.search = '';
    const anonymous = await put(unsigned.toString(), 'x', 'text/plain');
    await expectS3Error(anonymous, 403, 'AccessDenied');
    expect(await s.sandbox.storage.head(key)).toBeNull();
  });

  test('a URL signed for one method is refused for another', async () => {
    const key = freshKey();
    const putUrl = await s.sandbox.storage.presignPut(key, 'text/plain');
    const asGet = await fetch(putUrl);
    await expectS3Error(asGet, 403, 'SignatureDoesNotMatch');

    const getUrl = await s.sandbox.storage.presignGet(key, 'file.txt', 'text/plain');
    const asPut = await put(getUrl, 'x', 'text/plain');
    expect(asPut.status).toBe(403);
    expect(await s.sandbox.storage.head(key)).toBeNull();
  });

  test('a body larger than the limit is refused by Content-Length and nothing is stored', async () => {
    const key = freshKey();
    const res = await put(
      await s.sandbox.storage.presignPut(key, 'text/plain'),
      Buffer.alloc(2000, 1),
      'text/plain',
    );
    await expectS3Error(res, 413, 'EntityTooLarge');
    expect(await s.sandbox.storage.head(key)).toBeNull();
  });

  test('a streamed body without Content-Length that grows past the limit is refused and nothing is stored', async () => {
    const key = freshKey();
    const url = new URL(await s.sandbox.storage.presignPut(key, 'text/plain'));
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, { method: 'PUT', headers: { 'content-type': 'text/plain' } });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      expect(req.getHeader('content-length')).toBeUndefined();
      req.write(Buffer.alloc(600, 1));
      req.end(Buffer.alloc(600, 2));
    });
    expect(status).toBe(413);
    expect(body).toContain('<Code>EntityTooLarge</Code>');
    expect(await s.sandbox.storage.head(key)).toBeNull();
  });

  describe('downloads', () => {
    const filename = 'Prüfbericht – 東京 "final".pdf';
    const body = Buffer.from('%PDF-1.4 0123456789 abcdefghij');
    let key: string;
    beforeAll(async () => {
      key = freshKey();
      expect(
        (await put(await s.sandbox.storage.presignPut(key, 'application/pdf'), body, 'application/pdf'))
          .status,
      ).toBe(200);
    });

    test('GET through presignGet returns the bytes with type, length, ETag and a Unicode attachment name', async () => {
      const res = await fetch(await s.sandbox.storage.presignGet(key, filename, 'application/pdf'));
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(res.headers.get('etag')).toBe(md5(body));
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      const disposition = res.headers.get('content-disposition')!;
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(disposition).not.toContain('"final"');
      const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
      expect(decodeURIComponent(encoded)).toBe(filename);
    });

    test('HEAD with the same URL gives the same headers and no body', async () => {
      const res = await fetch(await s.sandbox.storage.presignGet(key, filename, 'application/pdf'), {
        method: 'HEAD',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(res.headers.get('etag')).toBe(md5(body));
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Pr%C3%BCfbericht");
      expect(await res.text()).toBe('');
    });

    test('a single byte range is served as 206 with Content-Range', async () => {
      const url = await s.sandbox.storage.presignGet(key, filename, 'application/pdf');
      const middle = await fetch(url, { headers: { range: 'bytes=9-18' } });
      expect(middle.status).toBe(206);
      expect(middle.headers.get('content-range')).toBe(`bytes 9-18/${body.length}`);
      expect(middle.headers.get('content-length')).toBe('10');
      expect(Buffer.from(await middle.arrayBuffer())).toEqual(body.subarray(9, 19));

      const suffix = await fetch(url, { headers: { range: 'bytes=-5' } });
      expect(suffix.status).toBe(206);
      expect(await suffix.text()).toBe('fghij');

      const beyond = await fetch(url, { headers: { range: `bytes=${body.length}-` } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${body.length}`);
    });

    test('a tampered download URL is refused', async () => {
      const url = await s.sandbox.storage.presignGet(key, filename, 'application/pdf');
      expect((await fetch(tamperSignature(url))).status).toBe(403);
      const renamed = new URL(url);
      renamed.searchParams.set('response-content-disposition', 'attachment; filename="evil.exe"');
      const res = await fetch(renamed);
      await expectS3Error(res, 403, 'SignatureDoesNotMatch');
    });

    test('a missing object is NoSuchKey', async () => {
      const res = await fetch(await s.sandbox.storage.presignGet(freshKey(), 'x.pdf', 'application/pdf'));
      await expectS3Error(res, 404, 'NoSuchKey');
      expect(await s.sandbox.storage.head(freshKey())).toBeNull();
    });
  });

  describe('CORS', () => {
    test('a preflight from an allowed origin may PUT with Content-Type', async () => {
      const url = await s.sandbox.storage.presignPut(freshKey(), 'application/pdf');
      const res = await preflight(url, APP_ORIGIN, 'PUT', 'content-type,x-upload-attempt');
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type,x-upload-attempt');
      expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
    });

    test('responses to an allowed origin expose ETag, errors included', async () => {
      const url = await s.sandbox.storage.presignPut(freshKey(), 'text/plain');
      const ok = await put(url, 'x', 'text/plain', { origin: APP_ORIGIN });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(ok.headers.get('access-control-expose-headers')).toMatch(
        /ETag, Retry-After, Content-Length, Content-Disposition/,
      );
      const reused = await put(url, 'x', 'text/plain', { origin: APP_ORIGIN });
      expect(reused.status).toBe(403);
      expect(reused.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    });

    test('errors expose Retry-After, so the app can wait as long as a busy storage asks', async () => {
      const url = await s.sandbox.storage.presignPut(freshKey(), 'text/plain');
      const refused = await put(url, 'x', 'image/png', { origin: APP_ORIGIN });
      expect(refused.status).toBe(403);
      const exposed = refused.headers.get('access-control-expose-headers')?.split(/,\s*/);
      expect(exposed).toContain('Retry-After');
    });

    test('a disallowed origin gets no CORS headers', async () => {
      const url = await s.sandbox.storage.presignPut(freshKey(), 'text/plain');
      const refused = await preflight(url, 'http://evil.example', 'PUT');
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      const res = await put(url, 'x', 'text/plain', { origin: 'http://evil.example' });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-expose-headers')).toBeNull();
    });
  });

  test('paths outside /storage are left to other handlers', async () => {
    const res = await fetch(`${s.sandbox.config.publicUrl}/graphql`);
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ errors: [{ message: 'Use POST for /graphql' }] });
  });
});

describe('expiry', () => {
  const s = useSandbox({ storage: BUILTIN_STORAGE });

  test('PUT and GET URLs stop working after their lifetime', async () => {
    const key = freshKey();
    const stored = freshKey();
    expect(
      (await put(await s.sandbox.storage.presignPut(stored, 'text/plain'), 'x', 'text/plain')).status,
    ).toBe(200);
    const putUrl = await s.sandbox.storage.presignPut(key, 'text/plain');
    const getUrl = await s.sandbox.storage.presignGet(stored, 'x.txt', 'text/plain');
    s.sandbox.clock.advance((s.sandbox.config.uploadUrlTtlSeconds + 1) * 1000);
    const lateput = await put(putUrl, 'x', 'text/plain');
    expect(lateput.status).toBe(403);
    expect(await lateput.text()).toContain('<Message>Request has expired</Message>');
    expect(await s.sandbox.storage.head(key)).toBeNull();
    const lateGet = await fetch(getUrl);
    await expectS3Error(lateGet, 403, 'AccessDenied');
  });
});

describe('Vary: Origin on a download without Origin (SANDBOX_STORAGE_VARY_ORIGIN)', () => {
  const on = useSandbox({ storage: BUILTIN_STORAGE, allowedOrigins: [APP_ORIGIN] });
  const off = useSandbox({
    storage: BUILTIN_STORAGE,
    allowedOrigins: [APP_ORIGIN],
    storageVaryOrigin: false,
  });

  /** An <img>'s GET (no Origin) and a fetch's (with the app's Origin) of one stored object. */
  async function varyOf(api: typeof on): Promise<{ img: string | null; cors: string | null }> {
    const key = freshKey('photo.png');
    await put(await api.sandbox.storage.presignPut(key, 'image/png'), 'png', 'image/png');
    const url = await api.sandbox.storage.presignGet(key, 'photo.png', 'image/png');
    const img = await fetch(url);
    const cors = await fetch(url, { headers: { origin: APP_ORIGIN } });
    expect([img.status, cors.status]).toEqual([200, 200]);
    return { img: img.headers.get('vary'), cors: cors.headers.get('vary') };
  }

  test('is said by default, also to a request without Origin', async () => {
    expect(await varyOf(on)).toEqual({ img: 'Origin', cors: 'Origin' });
  });

  test('off, is left off an answer to a request without Origin, as S3 does', async () => {
    expect(loadConfig({ SANDBOX_STORAGE_VARY_ORIGIN: 'off' }).storageVaryOrigin).toBe(false);
    expect(await varyOf(off)).toEqual({ img: null, cors: 'Origin' });
  });
});
