import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import type { StorageService } from '../src/contracts.ts';
import { createStorageService } from '../src/storage/index.ts';
import { BUILTIN_STORAGE, putObject } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

// The built-in endpoint stands in for "any S3-compatible service": the external mode talks to it with the
// AWS SDK exactly as it would to S3 or MinIO, configured only through the SANDBOX_S3_* environment.
const service = useSandbox({ storage: BUILTIN_STORAGE });
let endpoint: string;
let external: StorageService;

/** External storage pointed at the service's built-in storage, signing with `secret` (default: the right one). */
async function externalStorage(secret?: string): Promise<StorageService> {
  const { dataDir, publicUrl } = service.sandbox.config;
  const credentials = JSON.parse(
    await readFile(path.join(dataDir, 'storage', 'credentials.json'), 'utf8'),
  ) as { accessKeyId: string; secretAccessKey: string };
  const config = loadConfig(
    {
      SANDBOX_S3_ENDPOINT: `${publicUrl}/storage`,
      SANDBOX_S3_BUCKET: 'sandbox',
      SANDBOX_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      SANDBOX_S3_SECRET_ACCESS_KEY: secret ?? credentials.secretAccessKey,
      SANDBOX_DATA_DIR: path.join(dataDir, 'unused'),
    },
    { port: 0 },
  );
  expect(config.storage.kind).toBe('s3');
  return createStorageService(config, { clock: systemClock });
}

beforeAll(async () => {
  endpoint = service.sandbox.config.publicUrl;
  external = await externalStorage();
});
afterAll(() => external.close());

test('external storage presigns against the configured service and reads metadata with HeadObject', async () => {
  const key = 'uploads/ext/Prüfbericht.pdf';
  const putUrl = await external.presignPut(key, 'application/pdf');
  expect(putUrl.startsWith(`${endpoint}/storage/sandbox/uploads/ext/`)).toBe(true);
  expect(await external.head(key)).toBeNull();

  const put = await putObject(putUrl, 'pdf bytes', 'application/pdf');
  expect(put.status).toBe(200);
  const etag = put.headers.get('etag');
  expect(await external.head(key)).toEqual({ etag, size: 9, contentType: 'application/pdf' });

  const get = await fetch(await external.presignGet(key, 'Prüfbericht.pdf', 'application/pdf'));
  expect(get.status).toBe(200);
  expect(await get.text()).toBe('pdf bytes');
  expect(get.headers.get('content-disposition')).toContain("filename*=UTF-8''Pr%C3%BCfbericht.pdf");
});

test('external storage leaves every request to other handlers', async () => {
  const handled = await external.handle(
    { url: '/storage/sandbox/x', method: 'GET', headers: {} } as IncomingMessage,
    {} as ServerResponse,
  );
  expect(handled).toBe(false);
});

test('a client signing with the wrong secret is refused by the service', async () => {
  const wrong = await externalStorage('not-the-secret');
  try {
    await expect(wrong.head('uploads/ext/Prüfbericht.pdf')).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    const put = await putObject(
      await wrong.presignPut('uploads/ext/other.pdf', 'application/pdf'),
      'x',
      'application/pdf',
    );
    expect(put.status).toBe(403);
  } finally {
    await wrong.close();
  }
});
