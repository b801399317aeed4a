import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { StorageService } from '../src/contracts.ts';
import { createStorageService } from '../src/storage/index.ts';
import { startStorage, type RunningStorage } from './storage-test-server.ts';

// The built-in endpoint stands in for "any S3-compatible service": the external mode talks to it with the
// AWS SDK exactly as it would to S3 or MinIO, configured only through the SANDBOX_S3_* environment.
let s3: RunningStorage;
let external: StorageService;
beforeAll(async () => {
  s3 = await startStorage();
  const { accessKeyId, secretAccessKey } = JSON.parse(
    await readFile(path.join(s3.config.dataDir, 'storage', 'credentials.json'), 'utf8'),
  ) as { accessKeyId: string; secretAccessKey: string };
  const config = loadConfig(
    {
      SANDBOX_S3_ENDPOINT: `${s3.config.publicUrl}/storage`,
      SANDBOX_S3_BUCKET: 'sandbox',
      SANDBOX_S3_ACCESS_KEY_ID: accessKeyId,
      SANDBOX_S3_SECRET_ACCESS_KEY: secretAccessKey,
      SANDBOX_DATA_DIR: path.join(s3.config.dataDir, 'unused'),
    },
    { port: 0 },
  );
  expect(config.storage.kind).toBe('s3');
  external = await createStorageService(config);
});
afterAll(async () => {
  await external.close();
  await s3.stop();
});

test('external storage presigns against the configured service and reads metadata with HeadObject', async () => {
  const key = 'uploads/ext/Prüfbericht.pdf';
  const putUrl = await external.presignPut(key, 'application/pdf');
  expect(putUrl.startsWith(`${s3.config.publicUrl}/storage/sandbox/uploads/ext/`)).toBe(true);
  expect(await external.head(key)).toBeNull();

  const put = await fetch(putUrl, {
    method: 'PUT',
    body: 'pdf bytes',
    headers: { 'content-type': 'application/pdf' },
  });
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
  const wrong = await createStorageService(
    loadConfig(
      {
        SANDBOX_S3_ENDPOINT: `${s3.config.publicUrl}/storage`,
        SANDBOX_S3_ACCESS_KEY_ID: JSON.parse(
          await readFile(path.join(s3.config.dataDir, 'storage', 'credentials.json'), 'utf8'),
        ).accessKeyId as string,
        SANDBOX_S3_SECRET_ACCESS_KEY: 'not-the-secret',
        SANDBOX_DATA_DIR: path.join(s3.config.dataDir, 'unused'),
      },
      { port: 0 },
    ),
  );
  try {
    await expect(wrong.head('uploads/ext/Prüfbericht.pdf')).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    const put = await fetch(await wrong.presignPut('uploads/ext/other.pdf', 'application/pdf'), {
      method: 'PUT',
      body: 'x',
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(403);
  } finally {
    await wrong.close();
  }
});
