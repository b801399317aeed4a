import type { Db } from './database.ts';

export interface UploadTicket {
  s3Key: string;
  filename: string;
  contentType: string;
  userId: number;
  expiresAt: string;
}

export interface NewAttachment {
  entityId: number;
  s3Key: string;
  filename: string;
  contentType: string;
  etag: string;
  size: number | null;
  createdBy: number;
}

export interface AttachmentRow {
  id: number;
  entityId: number;
  s3Key: string;
  filename: string;
  contentType: string;
}

export function insertTicket(db: Db, ticket: UploadTicket): void {
  db.prepare(
    `INSERT INTO upload_tickets (s3_key, filename, content_type, user_id, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    ticket.s3Key,
    ticket.filename,
    ticket.contentType,
    ticket.userId,
    new Date().toISOString(),
    ticket.expiresAt,
  );
}

export function findTicket(db: Db, s3Key: string): UploadTicket | undefined {
  return db
    .prepare(
      `SELECT s3_key AS s3Key, filename, content_type AS contentType, user_id AS userId, expires_at AS expiresAt
       FROM upload_tickets WHERE s3_key = ?`,
    )
    .get(s3Key) as UploadTicket | undefined;
}

const ATTACHMENT_COLUMNS =
  'id, entity_id AS entityId, s3_key AS s3Key, filename, content_type AS contentType';

export function findAttachmentByKey(db: Db, s3Key: string): AttachmentRow | undefined {
  return db.prepare(`SELECT ${ATTACHMENT_COLUMNS} FROM file_attachments WHERE s3_key = ?`).get(s3Key) as
    AttachmentRow | undefined;
}

/** Records an attachment in one transaction; returns the new id. */
export function insertAttachment(db: Db, a: NewAttachment): number {
  const now = new Date().toISOString();
  return db.transaction(() =>
    Number(
      db
        .prepare(
          `INSERT INTO file_attachments (entity_id, s3_key, filename, content_type, etag, size, created_by,
             created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(a.entityId, a.s3Key, a.filename, a.contentType, a.etag, a.size, a.createdBy, now, now)
        .lastInsertRowid,
    ),
  )();
}

/** Deletes an attachment if it belongs to the entity; true when a row was removed. */
export function deleteAttachment(db: Db, id: number, entityId: number): boolean {
  return db.transaction(
    () =>
      db.prepare('DELETE FROM file_attachments WHERE id = ? AND entity_id = ?').run(id, entityId).changes > 0,
  )();
}
