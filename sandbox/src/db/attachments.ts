import type { Db } from './db.ts';

export interface UploadTicket {
  s3Key: string;
  filename: string;
  contentType: string;
  userId: number;
  /** When the URL was handed out (default: now); ISO 8601. */
  createdAt?: string;
  expiresAt: string;
  /** When the sweep deleted the object of this never-registered ticket; absent while it may still be registered. */
  sweptAt?: string | null;
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
    ticket.createdAt ?? new Date().toISOString(),
    ticket.expiresAt,
  );
}

export function findTicket(db: Db, s3Key: string): UploadTicket | undefined {
  return db
    .prepare(
      `SELECT s3_key AS s3Key, filename, content_type AS contentType, user_id AS userId, expires_at AS expiresAt,
         swept_at AS sweptAt
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

/** Records an attachment in one transaction; returns the new id, higher than any id ever given before. */
export function insertAttachment(db: Db, a: NewAttachment): number {
  const now = new Date().toISOString();
  return db.transaction(() => {
    const highest = Math.max(
      Number(
        db.prepare("SELECT value FROM id_high_water WHERE name = 'file_attachments'").pluck().get() ?? 0,
      ),
      Number(db.prepare('SELECT MAX(id) FROM file_attachments').pluck().get() ?? 0),
    );
    const id = highest + 1;
    db.prepare(
      `INSERT INTO file_attachments (id, entity_id, s3_key, filename, content_type, etag, size, created_by,
         created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, a.entityId, a.s3Key, a.filename, a.contentType, a.etag, a.size, a.createdBy, now, now);
    db.prepare(
      `INSERT INTO id_high_water (name, value) VALUES ('file_attachments', ?)
       ON CONFLICT(name) DO UPDATE SET value = excluded.value`,
    ).run(id);
    return id;
  })();
}

/**
 * Deletes an attachment if it belongs to the entity. Returns the key of its object when no other
 * attachment refers to that object any more (the caller deletes the bytes), '' when one still does,
 * and null when there was no such attachment.
 */
export function deleteAttachment(db: Db, id: number, entityId: number): string | null {
  return db.transaction(() => {
    const row = db
      .prepare('DELETE FROM file_attachments WHERE id = ? AND entity_id = ? RETURNING s3_key')
      .pluck()
      .get(id, entityId) as string | undefined;
    if (row === undefined) return null;
    const shared = db.prepare('SELECT 1 FROM file_attachments WHERE s3_key = ?').get(row);
    return shared ? '' : row;
  })();
}

/**
 * Marks as swept every ticket whose URL expired before `before`, that was never registered and whose PUT is
 * not streaming now (`inFlight`), and returns their keys: from then on registration refuses them, so their
 * objects can be deleted.
 */
export function claimAbandonedTickets(
  db: Db,
  before: string,
  inFlight: readonly string[],
  sweptAt: string,
): string[] {
  return db.transaction(
    () =>
      db
        .prepare(
          `UPDATE upload_tickets SET swept_at = ? WHERE swept_at IS NULL AND expires_at < ?
             AND s3_key NOT IN (SELECT value FROM json_each(?))
             AND NOT EXISTS (SELECT 1 FROM file_attachments a WHERE a.s3_key = upload_tickets.s3_key)
           RETURNING s3_key`,
        )
        .pluck()
        .all(sweptAt, before, JSON.stringify(inFlight)) as string[],
  )();
}
