import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attachFile, uploadObject } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

const FILES = '{ part(id: 1) { entityId entity { fileAttachments { id filename s3Key downloadUrl } } } }';

describe('what survives a restart', () => {
  const api = useSandbox();

  it('keeps an attachment and its object, and a PUT never registered leaves no record', async () => {
    const token = await api.token('technician');
    const entityId = (await api.gql(FILES)).data?.part.entityId as number;
    const created = await attachFile(api.url, token, entityId, 'kept.txt', 'kept bytes');
    expect(created.errors).toBeUndefined();
    // The client stops between the PUT and createFileAttachment ("crash"): no registration happens.
    const orphan = await uploadObject(api.url, token, 'orphan.txt', 'orphan bytes');

    // Signing keys persist, so the token from before the restart still works.
    await api.sandbox.restart();

    const after = await api.gql(FILES);
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
    const count = await api.gql('{ parts(first: 1) { pageInfo { totalCount } } }');
    expect(count.data?.parts.pageInfo.totalCount).toBe(40);
  });

  it('does not seed an existing data directory twice', async () => {
    await api.sandbox.restart();
    const res = await api.gql(
      '{ parts(first: 1) { pageInfo { totalCount } } runs(first: 1) { pageInfo { totalCount } } }',
    );
    expect(res.data?.parts.pageInfo.totalCount).toBe(40);
    expect(res.data?.runs.pageInfo.totalCount).toBe(12);
    expect(readdirSync(api.sandbox.dataDir)).toContain('sandbox.sqlite');
  });
});
