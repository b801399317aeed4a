import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentialsToken, gql, startSandbox, uploadObject, type TestSandbox } from './harness.ts';

const CREATE = `mutation C($input: CreateFileAttachmentInput!) {
  createFileAttachment(input: $input) { fileAttachment { id } } }`;
const FILES = '{ part(id: 1) { entityId entity { fileAttachments { id filename s3Key downloadUrl } } } }';

describe('what survives a restart', () => {
  let sandbox: TestSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.stop());

  it('keeps an attachment and its object, and a PUT never registered leaves no record', async () => {
    let token = await clientCredentialsToken(sandbox.url, 'technician');
    const entityId = (await gql(sandbox.url, token, FILES)).data?.part.entityId as number;
    const kept = await uploadObject(sandbox.url, token, 'kept.txt', 'kept bytes');
    const created = await gql(sandbox.url, token, CREATE, {
      input: { filename: 'kept.txt', s3Key: kept.s3Key, s3Etag: kept.etag, entityId, validateUpload: true },
    });
    expect(created.errors).toBeUndefined();
    // The client stops between the PUT and createFileAttachment ("crash"): no registration happens.
    const orphan = await uploadObject(sandbox.url, token, 'orphan.txt', 'orphan bytes');

    await sandbox.restart();
    token = await clientCredentialsToken(sandbox.url, 'technician');

    const after = await gql(sandbox.url, token, FILES);
    const files = after.data?.part.entity.fileAttachments as {
      id: number;
      filename: string;
      s3Key: string;
      downloadUrl: string;
    }[];
    expect(files.map((f) => f.filename)).toEqual(['kept.txt']);
    expect(files.some((f) => f.s3Key === orphan.s3Key)).toBe(false);
    const download = await fetch(files[0]!.downloadUrl);
    expect(await download.text()).toBe('kept bytes');
    const count = await gql(sandbox.url, token, '{ parts(first: 1) { pageInfo { totalCount } } }');
    expect(count.data?.parts.pageInfo.totalCount).toBe(40);
  });

  it('does not seed an existing data directory twice', async () => {
    await sandbox.restart();
    const token = await clientCredentialsToken(sandbox.url, 'technician');
    const res = await gql(
      sandbox.url,
      token,
      '{ parts(first: 1) { pageInfo { totalCount } } runs(first: 1) { pageInfo { totalCount } } }',
    );
    expect(res.data?.parts.pageInfo.totalCount).toBe(40);
    expect(res.data?.runs.pageInfo.totalCount).toBe(10);
    expect(readdirSync(sandbox.dataDir)).toContain('sandbox.sqlite');
  });
});
