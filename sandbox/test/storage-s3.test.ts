import { GetBucketCorsCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { StartupError } from '../src/contracts.ts';
import { appCorsRules, missingCorsRules } from '../src/storage/bucket-cors.ts';
import { createPresigner } from '../src/storage/presigner.ts';
import { CREATE_ATTACHMENT, preflight, uploadObject } from './harness.ts';
import { startS3Server, type S3Server } from './s3-server.ts';
import { useSandbox } from './use-sandbox.ts';

const APP = 'http://127.0.0.1:5999';

describe('S3 mode against an independent S3 server', () => {
  let s3: S3Server;
  const api = useSandbox(async () => {
    s3 = await startS3Server();
    return { storage: s3.storage, allowedOrigins: [APP], maxUploadBytes: 64 };
  });
  afterAll(() => s3.stop());

  it("sets the bucket's CORS rules for the allowed origins at start, and the service applies them", async () => {
    const presigner = createPresigner({ ...s3.storage, expiresInSeconds: 60 });
    try {
      const { CORSRules } = await presigner.client.send(new GetBucketCorsCommand({ Bucket: 'sandbox' }));
      expect(missingCorsRules(CORSRules ?? [], [APP])).toEqual([]);
      // So the app waits as long as a busy bucket asks (S3 answers 503 SlowDown with Retry-After).
      expect(CORSRules?.[0]?.ExposeHeaders).toContain('Retry-After');
      const answer = await fetch(await api.sandbox.presignGet('attachments/x/y.txt'), {
        headers: { Origin: APP },
      });
      expect(answer.headers.get('access-control-expose-headers')?.split(/,\s*/)).toContain('Retry-After');
    } finally {
      presigner.client.destroy();
    }
    const object = `${s3.endpoint}/sandbox/attachments/x/y.txt`;
    const allowed = await preflight(object, APP, 'PUT', 'content-type');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
    const stranger = await preflight(object, 'http://elsewhere.test', 'PUT');
    expect(stranger.status).toBe(403);
  });

  it('enforces the size limit at registration, which a presigned S3 PUT cannot, and deletes the object', async () => {
    const object = await uploadObject(api.url, await api.token('technician'), 'big.txt', 'x'.repeat(100));
    const part = await api.gql('{ part(id: 1) { entityId } }');
    const input = {
      filename: 'big.txt',
      s3Key: object.s3Key,
      s3Etag: object.etag,
      entityId: part.data?.part.entityId,
    };
    const res = await api.gql(CREATE_ATTACHMENT, { input });
    expect(res.errors?.[0]).toMatchObject({
      message: 'The uploaded file is 100 bytes; the largest allowed is 64 bytes. It was deleted.',
      extensions: { code: 'ENTITY_TOO_LARGE' },
    });
    expect((await fetch(await api.sandbox.presignGet(object.s3Key))).status).toBe(404);
  });
});

describe('S3 configuration', () => {
  it('refuses to start without credentials instead of signing with an empty key', () => {
    expect(() => loadConfig({ SANDBOX_S3_ENDPOINT: 'http://127.0.0.1:9' })).toThrow(StartupError);
    expect(() =>
      loadConfig({ SANDBOX_S3_ENDPOINT: 'http://127.0.0.1:9', SANDBOX_S3_ACCESS_KEY_ID: 'k' }),
    ).toThrow(
      'SANDBOX_S3_ENDPOINT is set but SANDBOX_S3_ACCESS_KEY_ID or SANDBOX_S3_SECRET_ACCESS_KEY is not: URLs would be signed with no key.',
    );
  });

  it("says exactly what a bucket's CORS rules lack", () => {
    expect(missingCorsRules(appCorsRules([APP]), [APP])).toEqual([]);
    expect(missingCorsRules([], [APP])).toEqual([`origin ${APP} is not allowed`]);
    expect(
      missingCorsRules(
        [
          {
            AllowedOrigins: ['http://127.0.0.1:*'],
            AllowedMethods: ['GET', 'PUT'],
            AllowedHeaders: ['Content-Type'],
          },
        ],
        [APP],
      ),
    ).toEqual([`method HEAD is not allowed for ${APP}`, `response header ETag is not exposed to ${APP}`]);
    expect(
      missingCorsRules(
        [{ AllowedOrigins: ['*'], AllowedMethods: ['GET', 'HEAD', 'PUT'], ExposeHeaders: ['etag'] }],
        [APP],
      ),
    ).toEqual([`request header Content-Type is not allowed for PUT from ${APP}`]);
  });
});
