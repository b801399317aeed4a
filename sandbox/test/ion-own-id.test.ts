import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentialsToken, gql, startSandbox, uploadObject, type TestSandbox } from './harness.ts';

// The spec's known mistake: createFileAttachment with the parent's own id instead of its entity.id
// "creates the record, but it is not visible on the intended parent". In ION entity ids and own ids are
// numbers of the same range, so a small own id is some other record's entity id.
describe("attaching to a record's own id instead of its entity id", () => {
  let sandbox: TestSandbox;
  let token: string;
  const q = (query: string, variables?: Record<string, unknown>) => gql(sandbox.url, token, query, variables);
  const CREATE = `mutation C($input: CreateFileAttachmentInput!) {
    createFileAttachment(input: $input) { fileAttachment { id entityId entity { id type } } } }`;
  const RECORDS = `{
    part(id: 1) { id entityId entity { fileAttachments { id } } }
    procedure(id: 1) { id entityId entity { fileAttachments { id } } }
    run(id: 1) { id entityId entity { fileAttachments { id } } }
    step(id: 1) { id entityId entity { fileAttachments { id } } }
    runStep(id: 1) { id entityId entity { fileAttachments { id } } }
    runStepField(id: 1) { id entityId entity { fileAttachments { id } } }
  }`;

  beforeAll(async () => {
    sandbox = await startSandbox();
    token = await clientCredentialsToken(sandbox.url, 'technician');
  });
  afterAll(() => sandbox.stop());

  it('creates the record on another entity, not on the intended parent, for record 1 of every kind', async () => {
    const records = Object.entries((await q(RECORDS)).data ?? {}) as [
      string,
      { id: number; entityId: number; entity: { fileAttachments: { id: number }[] } },
    ][];
    expect(records).toHaveLength(6);
    for (const [kind, record] of records) {
      expect(record.entityId, kind).not.toBe(record.id);
      const object = await uploadObject(sandbox.url, token, `${kind}.txt`, kind);
      const res = await q(CREATE, {
        input: { filename: `${kind}.txt`, s3Key: object.s3Key, s3Etag: object.etag, entityId: record.id },
      });
      expect(res.errors, kind).toBeUndefined();
      expect(res.data?.createFileAttachment.fileAttachment.entity.id, kind).toBe(record.id);
    }
    const after = (await q(RECORDS)).data ?? {};
    for (const [kind, record] of records) {
      expect(after[kind].entity.fileAttachments, kind).toEqual(record.entity.fileAttachments);
    }
  });

  it("lands on the record that owns that entity: part 5's own id is another part's entity", async () => {
    const object = await uploadObject(sandbox.url, token, 'wrong-part.txt', 'wrong');
    const res = await q(CREATE, {
      input: { filename: 'wrong-part.txt', s3Key: object.s3Key, s3Etag: object.etag, entityId: '5' },
    });
    expect(res.data?.createFileAttachment.fileAttachment).toMatchObject({
      entityId: 5,
      entity: { type: 'PARTS' },
    });
    const owner = await q(
      '{ parts(filters: { entityId: { eq: 5 } }) { edges { node { id entity { fileAttachments { filename } } } } } }',
    );
    const [edge] = owner.data?.parts.edges as {
      node: { id: number; entity: { fileAttachments: unknown[] } };
    }[];
    expect(edge!.node.id).not.toBe(5);
    expect(edge!.node.entity.fileAttachments).toEqual([{ filename: 'wrong-part.txt' }]);
  });
});
