import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateCredentials, type StorageCredentials } from '../src/storage/credentials.ts';
import { clientCredentialsToken, startSandbox, uploadObject, type TestSandbox } from './harness.ts';

// Scripts holding the storage key presign with botocore (`generate_presigned_url`, `aws s3 presign`),
// which leaves X-Amz-Content-Sha256 out of the URL and signs UNSIGNED-PAYLOAD. The signing below is
// SigV4 query authentication written from AWS's description, independent of the SDK the sandbox uses.
const REGION = 'us-east-1';

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

function presignLikeBotocore(
  method: 'GET' | 'PUT',
  url: string,
  { accessKeyId, secretAccessKey }: StorageCredentials,
  now = new Date(),
): string {
  const target = new URL(url);
  const amzDate = now.toISOString().replace(/[-:]|\.\d{3}/g, ''); // 20260901T080000Z
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${REGION}/s3/aws4_request`;
  const params: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': '300',
    'X-Amz-SignedHeaders': 'host',
  };
  const query = Object.keys(params)
    .sort()
    .map((name) => `${rfc3986(name)}=${rfc3986(params[name]!)}`)
    .join('&');
  const canonicalRequest = [
    method,
    target.pathname,
    query,
    `host:${target.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = ['s3', 'aws4_request'].reduce(
    (k, part) => hmac(k, part),
    hmac(hmac(`AWS4${secretAccessKey}`, day), REGION),
  );
  return `${target.origin}${target.pathname}?${query}&X-Amz-Signature=${hmac(key, stringToSign).toString('hex')}`;
}

describe('URLs presigned outside the sandbox, for its built-in storage', () => {
  let sandbox: TestSandbox;
  let credentials: StorageCredentials;
  const objectUrl = (key: string) => `${sandbox.url}/storage/sandbox/${key}`;

  beforeAll(async () => {
    sandbox = await startSandbox({ storage: { kind: 'builtin', bucket: 'sandbox' } });
    credentials = loadOrCreateCredentials(path.join(sandbox.dataDir, 'storage'));
  });
  afterAll(() => sandbox.stop());

  it('accepts a botocore PUT URL and an `aws s3 presign` GET URL (no X-Amz-Content-Sha256: UNSIGNED-PAYLOAD)', async () => {
    const put = presignLikeBotocore('PUT', objectUrl('exports/run-1.csv'), credentials);
    expect(new URL(put).searchParams.has('X-Amz-Content-Sha256')).toBe(false);
    const stored = await fetch(put, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/csv' },
      body: 'a,b\n1,2',
    });
    expect(stored.status).toBe(200);
    expect(stored.headers.get('etag')).toBe(`"${createHash('md5').update('a,b\n1,2').digest('hex')}"`);

    const get = await fetch(presignLikeBotocore('GET', objectUrl('exports/run-1.csv'), credentials));
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('a,b\n1,2');
  });

  it('still refuses such a URL signed with another key', async () => {
    const forged = presignLikeBotocore('GET', objectUrl('exports/run-1.csv'), {
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    const res = await fetch(forged);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('refuses x-amz-* headers the URL did not sign, as S3 does, and stores nothing', async () => {
    const put = presignLikeBotocore('PUT', objectUrl('exports/acl.txt'), credentials);
    const res = await fetch(put, { method: 'PUT', headers: { 'x-amz-acl': 'public-read' }, body: 'x' });
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(body).toContain('<Code>AccessDenied</Code>');
    expect(body).toContain(
      '<Message>There were headers present in the request which were not signed</Message>',
    );
    expect(body).toContain('<HeadersNotSigned>x-amz-acl</HeadersNotSigned>');
    expect((await fetch(presignLikeBotocore('GET', objectUrl('exports/acl.txt'), credentials))).status).toBe(
      404,
    );

    // The same for the upload URL of a ticket, with the checksum headers an SDK adds on its own.
    const token = await clientCredentialsToken(sandbox.url, 'technician');
    const ticket = await fetch(`${sandbox.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: '{ requestFileUploadUrl(filename: "a.txt") { uploadUrl contentType } }',
      }),
    });
    const { uploadUrl, contentType } = (
      (await ticket.json()) as { data: { requestFileUploadUrl: Record<string, string> } }
    ).data.requestFileUploadUrl;
    const withChecksum = await fetch(uploadUrl!, {
      method: 'PUT',
      headers: {
        'Content-Type': contentType!,
        'x-amz-checksum-crc32': 'AAAAAA==',
        'x-amz-sdk-checksum-algorithm': 'CRC32',
      },
      body: 'a',
    });
    expect(withChecksum.status).toBe(403);
    expect(await withChecksum.text()).toContain(
      '<HeadersNotSigned>x-amz-checksum-crc32, x-amz-sdk-checksum-algorithm</HeadersNotSigned>',
    );
    expect((await uploadObject(sandbox.url, token, 'b.txt', 'b')).etag).toMatch(/^"[0-9a-f]{32}"$/);
  });
});
