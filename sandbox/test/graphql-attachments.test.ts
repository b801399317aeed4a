import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { insertTicket } from '../src/db/attachments.ts';
import { DATABASE_FILE } from '../src/db/database.ts';
import type { Role } from '../src/identities.ts';
import { attachFile, putObject, TICKET, uploadObject } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';
const CREATE = `mutation C($input: CreateFileAttachmentInput!) {
  createFileAttachment(input: $input) { fileAttachment { id filename contentType entityId s3Key createdById downloadUrl entity { id } } }
}`;
const DELETE = `mutation D($input: DeleteFileAttachmentInput!) {
  deleteFileAttachment(input: $input) { fileAttachmentId entityId }
}`;
const PART_FILES =
  'query P($id: ID!) { part(id: $id) { id entityId entity { id fileAttachments { id filename } } } }';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
/** An ETag as given without its quotes. */
const unquoted = (etag: string) => etag.replaceAll('"', '');

describe('upload tickets and file attachments', () => {
  const api = useSandbox({ seedParts: 300 });
  const q = (query: string, variables?: Record<string, unknown>, role: Role = 'technician') =>
    api.gql(query, variables, role);
  const upload = async (filename: string, body: string) =>
    uploadObject(api.url, await api.token('technician'), filename, body);
  const attach = async (entityId: number, filename: string, body: string, selection?: string) =>
    (await attachFile(api.url, await api.token('technician'), entityId, filename, body, selection)).data
      ?.createFileAttachment.fileAttachment;
  /** The registration under test; the stored object is checked unless `validateUpload` is false. */
  const register = (
    input: { filename: string; s3Key: string; s3Etag: string; entityId: number; validateUpload?: boolean },
    role: Role = 'technician',
  ) => q(CREATE, { input: { validateUpload: true, ...input } }, role);
  /** Uploads `body` as `filename`, then registers it on `entityId` with the ETag storage gave, or `etag(that)`. */
  const uploadThenRegister = async (
    entityId: number,
    filename: string,
    body: string,
    etag: (stored: string) => string = (stored) => stored,
  ) => {
    const obj = await upload(filename, body);
    const res = await register({ filename, s3Key: obj.s3Key, s3Etag: etag(obj.etag), entityId });
    return { obj, res };
  };
  const partEntity = async (id: number) => (await q(PART_FILES, { id })).data?.part.entityId as number;
  const filesOn = async (id: number) =>
    (await q(PART_FILES, { id })).data?.part.entity.fileAttachments as { id: number; filename: string }[];
  /** Registering `s3Key` (holding `body`) on part `part`, storage unchecked, is refused as not this user's key. */
  const expectNotIssued = async (part: number, entityId: number, s3Key: string, body: string) => {
    const res = await register({
      filename: `${body}.txt`,
      s3Key,
      s3Etag: md5(body),
      entityId,
      validateUpload: false,
    });
    expect(res.errors?.[0]?.message).toMatch(/was not issued to you/);
    expect(await filesOn(part)).toEqual([]);
  };

  describe('requestFileUploadUrl', () => {
    it.each([
      ['photo.jpg', 'image/jpeg'],
      ['scan.PDF', 'application/pdf'],
      ['notes.txt', 'text/plain'],
      ['measurements.csv', 'text/csv'],
      ['screenshot.png', 'image/png'],
      ['clip.mp4', 'video/mp4'],
      ['flight.log.unknownext', 'application/octet-stream'],
      ['README', 'application/octet-stream'],
    ])('derives the content type of %s from its extension: %s', async (filename, contentType) => {
      const res = await q(TICKET, { f: filename });
      expect(res.data?.requestFileUploadUrl.contentType).toBe(contentType);
    });

    it('issues unique keys without the raw filename path parts', async () => {
      const nasty = [
        '../../etc/passwd',
        '..\\..\\windows\\system32\\x.dll',
        'a/b/../c/report 1.pdf',
        '..',
        '/abs/path.png',
      ];
      const keys: string[] = [];
      for (const filename of nasty) {
        const ticket = (await q(TICKET, { f: filename })).data?.requestFileUploadUrl;
        const key: string = ticket.s3Key;
        keys.push(key);
        expect(key).toMatch(/^attachments\/[0-9a-f-]{36}\/[A-Za-z0-9._-]+$/);
        const name = key.split('/')[2]!;
        expect(name).not.toContain('..');
        expect(name).not.toMatch(/[\\/]/);
        expect(new URL(ticket.uploadUrl).pathname.endsWith(key)).toBe(true);
      }
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys[2]!.endsWith('/report_1.pdf')).toBe(true);
    });

    it('is refused to a caller who may not attach: an upload URL would let a viewer fill storage', async () => {
      const res = await q(TICKET, { f: 'x.png' }, 'viewer');
      expect(res.data?.requestFileUploadUrl).toBeNull();
      expect(res.errors?.[0]).toMatchObject({
        message: 'Permission denied: your role (viewer) may not attach or remove files',
        extensions: { code: 'FORBIDDEN' },
      });
    });

    it('refuses empty and over-long filenames with a clear error', async () => {
      const empty = await q(TICKET, { f: '  ' });
      expect(empty.errors?.[0]?.message).toMatch(/must not be empty/);
      const long = await q(TICKET, { f: `${'a'.repeat(252)}.pdf` });
      expect(long.errors?.[0]?.message).toMatch(/limit is 255/);
      const edge = await q(TICKET, { f: `${'a'.repeat(251)}.pdf` });
      expect(edge.data?.requestFileUploadUrl.contentType).toBe('application/pdf');
    });
  });

  describe('createFileAttachment', () => {
    it('creates a record visible on the parent entity, with a fresh download URL', async () => {
      const entityId = await partEntity(1);
      const { obj, res } = await uploadThenRegister(entityId, 'bracket.jpg', 'jpeg bytes', unquoted);
      const attachment = res.data?.createFileAttachment.fileAttachment;
      expect(attachment).toMatchObject({
        filename: 'bracket.jpg',
        contentType: 'image/jpeg',
        entityId,
        s3Key: obj.s3Key,
        createdById: 1,
      });
      expect(attachment.entity).toEqual({ id: entityId });
      expect(attachment.downloadUrl).toMatch(/^http/);
      expect((await filesOn(1)).map((f) => f.id)).toContain(attachment.id);
    });

    it('accepts the ETag with or without quotes', async () => {
      const entityId = await partEntity(2);
      for (const quoted of [true, false]) {
        const body = `body ${String(quoted)}`;
        const { obj, res } = await uploadThenRegister(entityId, 'a.txt', body, quoted ? undefined : unquoted);
        expect(obj.etag).toBe(`"${md5(body)}"`);
        expect(res.errors).toBeUndefined();
        expect(res.data?.createFileAttachment.fileAttachment.entityId).toBe(entityId);
      }
    });

    it('fails on an ETag mismatch and creates no record', async () => {
      const entityId = await partEntity(3);
      const { res } = await uploadThenRegister(entityId, 'b.txt', 'real bytes', () => md5('other bytes'));
      expect(res.status).toBe(200);
      expect(res.data?.createFileAttachment).toBeNull();
      expect(res.errors?.[0]?.message).toMatch(/^ETag mismatch/);
      expect(await filesOn(3)).toEqual([]);
    });

    it('fails when validateUpload finds no stored object, and creates no record', async () => {
      const entityId = await partEntity(4);
      const ticket = (await q(TICKET, { f: 'never-uploaded.pdf' })).data?.requestFileUploadUrl;
      const res = await register({
        filename: 'never-uploaded.pdf',
        s3Key: ticket.s3Key,
        s3Etag: md5('x'),
        entityId,
      });
      expect(res.errors?.[0]?.message).toMatch(/not found in storage/);
      expect(await filesOn(4)).toEqual([]);
    });

    it('refuses an entity that does not exist', async () => {
      const { res } = await uploadThenRegister(987654, 'c.txt', 'c');
      expect(res.errors?.[0]?.message).toBe('Entity 987654 not found');
    });

    it('refuses a key the sandbox did not issue', async () => {
      const entityId = await partEntity(5);
      await expectNotIssued(5, entityId, 'attachments/forged/d.txt', 'd');
    });

    it("refuses another user's upload key", async () => {
      const entityId = await partEntity(11);
      // The seed has one user who may attach; a ticket of the other user's stands in for a second one.
      const ticket = { s3Key: 'attachments/someone-else/someone-else.txt' };
      const db = new Database(path.join(api.sandbox.dataDir, DATABASE_FILE));
      insertTicket(db, {
        s3Key: ticket.s3Key,
        filename: 'someone-else.txt',
        contentType: 'text/plain',
        userId: 2,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      });
      db.close();
      await expectNotIssued(11, entityId, ticket.s3Key, 'x');
    });

    it('denies a viewer and creates nothing', async () => {
      const entityId = await partEntity(6);
      const ticket = (await q(TICKET, { f: 'v.txt' })).data?.requestFileUploadUrl;
      await putObject(ticket.uploadUrl, 'v', ticket.contentType);
      const res = await register(
        { filename: 'v.txt', s3Key: ticket.s3Key, s3Etag: md5('v'), entityId },
        'viewer',
      );
      expect(res.status).toBe(200);
      expect(res.errors?.[0]?.message).toMatch(/Permission denied/);
      expect(await filesOn(6)).toEqual([]);
    });

    it("with the parent's own id instead of its entity id, creates a record that is not on the intended parent", async () => {
      // Part 150's own id is also the entity id of some other record, as in the real service.
      const part = (await q(PART_FILES, { id: 150 })).data?.part;
      expect(part.entityId).not.toBe(150);
      const { res } = await uploadThenRegister(part.id, 'wrong.txt', 'wrong');
      expect(res.errors).toBeUndefined();
      const created = res.data?.createFileAttachment.fileAttachment;
      expect(created.entityId).toBe(150);
      expect(await filesOn(150)).toEqual([]);
      const other = await q(
        'query A($id: ID!) { fileAttachment(id: $id) { entity { id fileAttachments { id } } } }',
        {
          id: created.id,
        },
      );
      expect(other.data?.fileAttachment.entity.id).toBe(150);
      expect(other.data?.fileAttachment.entity.fileAttachments).toEqual([{ id: created.id }]);
    });

    it('returns the same record when a registration is retried with the same key', async () => {
      const entityId = await partEntity(7);
      const obj = await upload('retry.txt', 'retry');
      const input = {
        filename: 'retry.txt',
        s3Key: obj.s3Key,
        s3Etag: obj.etag,
        entityId,
      };
      const first = await register(input);
      const second = await register(input);
      expect(second.data?.createFileAttachment.fileAttachment.id).toBe(
        first.data?.createFileAttachment.fileAttachment.id,
      );
      expect(await filesOn(7)).toHaveLength(1);
    });
  });

  describe('entity fileAttachments filters and fileAttachment(id)', () => {
    it('filters a parent entity by filename, s3Key, id and entityId', async () => {
      const entityId = await partEntity(8);
      const created: { id: number; s3Key: string }[] = [];
      for (const name of ['alpha.txt', 'beta.txt'])
        created.push(await attach(entityId, name, name, 'id s3Key'));
      const query = `query F($id: ID!, $filters: FileAttachmentsInputFilters) {
        part(id: $id) { entity { fileAttachments(filters: $filters) { id filename } } } }`;
      const files = async (filters: unknown) =>
        (
          (await q(query, { id: 8, filters })).data?.part.entity.fileAttachments as { filename: string }[]
        ).map((f) => f.filename);
      expect(await files(undefined)).toEqual(['alpha.txt', 'beta.txt']);
      expect(await files({ filename: { ilike: 'ALPHA%' } })).toEqual(['alpha.txt']);
      expect(await files({ s3Key: { eq: created[1]!.s3Key } })).toEqual(['beta.txt']);
      expect(await files({ id: { eq: created[0]!.id } })).toEqual(['alpha.txt']);
      expect(await files({ entityId: { neq: entityId } })).toEqual([]);
    });

    it('signs a new download URL on every read', async () => {
      const entityId = await partEntity(9);
      const { id } = await attach(entityId, 'fresh.txt', 'fresh');
      const read = async () =>
        (await q('query A($id: ID!) { fileAttachment(id: $id) { downloadUrl } }', { id })).data
          ?.fileAttachment.downloadUrl as string;
      const first = await read();
      api.sandbox.clock.advance(1_000);
      const second = await read();
      expect(second).not.toBe(first);
      expect(new URL(second).searchParams.get('X-Amz-Date')).not.toBe(
        new URL(first).searchParams.get('X-Amz-Date'),
      );
    });
  });

  describe('deleteFileAttachment', () => {
    it('removes the attachment from the entity and returns the ids', async () => {
      const entityId = await partEntity(10);
      const fileAttachmentId = (await attach(entityId, 'gone.txt', 'gone')).id as number;
      const denied = await q(DELETE, { input: { fileAttachmentId, entityId } }, 'viewer');
      expect(denied.errors?.[0]?.message).toMatch(/Permission denied/);
      expect(await filesOn(10)).toHaveLength(1);
      const wrongEntity = await q(DELETE, { input: { fileAttachmentId, entityId: entityId + 1 } });
      expect(wrongEntity.errors?.[0]?.message).toMatch(/not found on entity/);
      const res = await q(DELETE, {
        input: { fileAttachmentId: String(fileAttachmentId), entityId: String(entityId) },
      });
      expect(res.data?.deleteFileAttachment).toEqual({ fileAttachmentId, entityId });
      expect(await filesOn(10)).toEqual([]);
      expect(
        (await q('query A($id: ID!) { fileAttachment(id: $id) { id } }', { id: fileAttachmentId })).data
          ?.fileAttachment,
      ).toBeNull();
    });

    it('makes download URLs handed out before the delete fail, and never gives its id out again', async () => {
      const entityId = await partEntity(12);
      const created = await attach(entityId, 'secret.txt', 'secret bytes', 'id downloadUrl');
      const before = await fetch(created.downloadUrl);
      expect(await before.text()).toBe('secret bytes');

      const deleted = await q(DELETE, { input: { fileAttachmentId: created.id, entityId } });
      expect(deleted.errors).toBeUndefined();
      const after = await fetch(created.downloadUrl);
      expect(after.status).toBe(404);
      expect(await after.text()).toContain('<Code>NoSuchKey</Code>');

      // The deleted attachment had the highest id: the next one must still get a new one.
      const again = await attach(entityId, 'next.txt', 'next');
      expect(Number(again.id)).toBeGreaterThan(Number(created.id));
      expect(
        (await q('query A($id: ID!) { fileAttachment(id: $id) { id } }', { id: created.id })).data
          ?.fileAttachment,
      ).toBeNull();
    });
  });
});
