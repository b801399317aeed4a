import { describe, expect, it } from 'vitest';
import type { StorageService } from '../src/contracts.ts';
import { CREATE_ATTACHMENT, type Loose } from './harness.ts';
import { useGraphQLHandler } from './use-sandbox.ts';

// The spec's cost of validateUpload is one HEAD-equivalent request to storage, and none without it.
describe('validateUpload asks storage exactly once', () => {
  const heads: string[] = [];
  const storage: StorageService = {
    enforcesMaxUploadBytes: true,
    handle: () => Promise.resolve(false),
    presignPut: (key) => Promise.resolve(`http://storage.test/${key}`),
    presignGet: (key) => Promise.resolve(`http://storage.test/${key}?get`),
    head: (key) => {
      heads.push(key);
      return Promise.resolve({
        etag: '"0cc175b9c0f1b6a831c399e269772661"',
        size: 1,
        contentType: 'text/plain',
      });
    },
    delete: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const graphql = useGraphQLHandler(storage);
  const run = async (query: string, variables?: Record<string, unknown>): Promise<Loose> =>
    (await graphql.fetch(query, variables)).json();

  async function register(validateUpload: boolean) {
    const ticket = await run('{ requestFileUploadUrl(filename: "a.txt") { s3Key } }');
    const s3Key = ticket.data.requestFileUploadUrl.s3Key as string;
    const entityId = (await run('{ part(id: 1) { entityId } }')).data.part.entityId as number;
    heads.length = 0;
    const res = await run(CREATE_ATTACHMENT, {
      input: {
        filename: 'a.txt',
        s3Key,
        s3Etag: '0cc175b9c0f1b6a831c399e269772661',
        entityId,
        validateUpload,
      },
    });
    expect(res.errors).toBeUndefined();
    return s3Key;
  }

  it('one HEAD with validateUpload: true', async () => {
    const key = await register(true);
    expect(heads).toEqual([key]);
  });

  it('no HEAD with validateUpload: false', async () => {
    await register(false);
    expect(heads).toEqual([]);
  });
});
