import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Principal, StorageService } from '../src/contracts.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Db } from '../src/db/db.ts';
import { createGraphQLHandler } from '../src/graphql/yoga.ts';

// The spec's cost of validateUpload is one HEAD-equivalent request to storage, and none without it.
describe('validateUpload asks storage exactly once', () => {
  let dir: string;
  let db: Db;
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
  const principal: Principal = { userId: 1, role: 'technician', kind: 'api-key', clientId: 'technician-key' };
  let run: (query: string, variables?: Record<string, unknown>) => Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-head-'));
    db = openDatabase(dir, { seedParts: 20 });
    const yoga = createGraphQLHandler({ db, storage, config: loadConfig({}, { dataDir: dir }) });
    run = async (query, variables) => {
      const res = await yoga.fetch(
        'http://sandbox.test/graphql',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        },
        { principal },
      );
      return (await res.json()) as Record<string, unknown>;
    };
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function register(validateUpload: boolean) {
    const ticket = await run('{ requestFileUploadUrl(filename: "a.txt") { s3Key } }');
    const s3Key = ticket.data.requestFileUploadUrl.s3Key as string;
    const entityId = (await run('{ part(id: 1) { entityId } }')).data.part.entityId as number;
    heads.length = 0;
    const res = await run(
      `mutation C($input: CreateFileAttachmentInput!) { createFileAttachment(input: $input) { fileAttachment { id } } }`,
      {
        input: {
          filename: 'a.txt',
          s3Key,
          s3Etag: '0cc175b9c0f1b6a831c399e269772661',
          entityId,
          validateUpload,
        },
      },
    );
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
