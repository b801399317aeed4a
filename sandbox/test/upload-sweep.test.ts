import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientCredentialsToken, gql, startSandbox, uploadObject, type TestSandbox } from './harness.ts';

const CREATE = `mutation C($input: CreateFileAttachmentInput!) {
  createFileAttachment(input: $input) { fileAttachment { id } }
}`;

describe('objects of tickets that expired unregistered', () => {
  let sandbox: TestSandbox;
  let technician: string;

  beforeAll(async () => {
    // URLs live 5 s: long enough for the PUT on a busy machine, short enough to wait for the sweep.
    sandbox = await startSandbox({ uploadUrlTtlSeconds: 5, sweepIntervalMs: 200, sweepGraceMs: 0 });
    technician = await clientCredentialsToken(sandbox.url, 'technician');
  });
  afterAll(() => sandbox.stop());

  const signedGet = (key: string) => sandbox.presignGet(key);

  it('are deleted by the sweep; registered ones stay, and a swept key cannot be registered', async () => {
    const part = await gql(sandbox.url, technician, '{ part(id: 1) { entityId } }');
    const entityId = part.data?.part.entityId as number;
    const kept = await uploadObject(sandbox.url, technician, 'kept.txt', 'kept');
    const registered = await gql(sandbox.url, technician, CREATE, {
      input: { filename: 'kept.txt', s3Key: kept.s3Key, s3Etag: kept.etag, entityId, validateUpload: true },
    });
    const abandoned = await uploadObject(sandbox.url, technician, 'abandoned.txt', 'abandoned');
    expect((await fetch(await signedGet(abandoned.s3Key))).status).toBe(200);

    await vi.waitFor(
      async () => {
        expect((await fetch(await signedGet(abandoned.s3Key))).status).toBe(404);
      },
      { timeout: 25_000, interval: 200 },
    );
    const id = registered.data?.createFileAttachment.fileAttachment.id as string;
    // A URL signed now: the one handed out at registration may have expired.
    const fresh = await gql(
      sandbox.url,
      technician,
      'query A($id: ID!) { fileAttachment(id: $id) { downloadUrl } }',
      {
        id,
      },
    );
    const keptDownload = await fetch(fresh.data?.fileAttachment.downloadUrl);
    expect(await keptDownload.text()).toBe('kept');

    const late = await gql(sandbox.url, technician, CREATE, {
      input: { filename: 'abandoned.txt', s3Key: abandoned.s3Key, s3Etag: abandoned.etag, entityId },
    });
    expect(late.errors?.[0]?.message).toBe(
      `The upload for s3Key "${abandoned.s3Key}" expired without being registered and was deleted; upload the file again`,
    );
  });
});
