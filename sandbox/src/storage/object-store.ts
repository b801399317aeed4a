import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import type { StoredObject } from '../contracts.ts';

export interface ObjectRecord extends StoredObject {
  /** Absolute path of the file that holds the bytes. */
  file: string;
  lastModified: Date;
}

export class EntityTooLargeError extends Error {}
export class IncompleteBodyError extends Error {}
export class UrlAlreadyUsedError extends Error {}
/** The upload's ticket was swept while it streamed: the object must not stay. */
export class UploadSweptError extends Error {}

interface Row {
  blob: string;
  etag: string;
  size: number;
  content_type: string;
  last_modified: number;
}

/**
 * Objects on disk plus their metadata in SQLite. Bytes land in tmp/, are flushed and renamed into blobs/
 * under a fresh name, and only the metadata commit makes them visible under their key: a crash at any
 * point leaves either the old state or the new one, never a partial object.
 */
export function openObjectStore(storageDir: string) {
  const tmpDir = path.join(storageDir, 'tmp');
  const blobDir = path.join(storageDir, 'blobs');
  mkdirSync(tmpDir, { recursive: true });
  mkdirSync(blobDir, { recursive: true });
  const db = new Database(path.join(storageDir, 'objects.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS objects (
      key TEXT PRIMARY KEY,
      blob TEXT NOT NULL UNIQUE,
      etag TEXT NOT NULL,
      size INTEGER NOT NULL,
      content_type TEXT NOT NULL,
      last_modified INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS used_put_signatures (
      signature TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL
    );
  `);
  const selectObject = db.prepare<[string], Row>(
    'SELECT blob, etag, size, content_type, last_modified FROM objects WHERE key = ?',
  );
  const upsertObject = db.prepare(
    `INSERT INTO objects (key, blob, etag, size, content_type, last_modified) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET blob = excluded.blob, etag = excluded.etag, size = excluded.size,
       content_type = excluded.content_type, last_modified = excluded.last_modified`,
  );
  const deleteObject = db
    .prepare<[string], string>('DELETE FROM objects WHERE key = ? RETURNING blob')
    .pluck();
  const selectUsed = db.prepare<[string], { signature: string }>(
    'SELECT signature FROM used_put_signatures WHERE signature = ?',
  );
  const insertUsed = db.prepare('INSERT INTO used_put_signatures (signature, expires_at) VALUES (?, ?)');

  // Leftovers of a crash: unfinished uploads, and blobs whose metadata commit never happened.
  rmSync(tmpDir, { recursive: true, force: true });
  mkdirSync(tmpDir);
  const referenced = new Set(
    db
      .prepare<[], { blob: string }>('SELECT blob FROM objects')
      .all()
      .map((r) => r.blob),
  );
  for (const name of readdirSync(blobDir)) {
    if (!referenced.has(name)) rmSync(path.join(blobDir, name), { force: true });
  }
  // An expired URL is refused before its signature is looked up, so its record is no longer needed.
  db.prepare('DELETE FROM used_put_signatures WHERE expires_at < ?').run(Date.now());

  const inFlight = new Set<string>();

  const commit = db.transaction(
    (key: string, blob: string, object: StoredObject, now: number, signature: string, expiresAt: number) => {
      if (selectUsed.get(signature)) throw new UrlAlreadyUsedError();
      const previous = selectObject.get(key);
      upsertObject.run(key, blob, object.etag, object.size, object.contentType, now);
      insertUsed.run(signature, expiresAt);
      return previous?.blob;
    },
  );

  async function syncDirectory(dir: string): Promise<void> {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    head(key: string): ObjectRecord | null {
      const row = selectObject.get(key);
      if (!row) return null;
      return {
        etag: row.etag,
        size: row.size,
        contentType: row.content_type,
        file: path.join(blobDir, row.blob),
        lastModified: new Date(row.last_modified),
      };
    },

    /** Removes the object's metadata, then its bytes (a download already streaming keeps its open file). */
    async delete(key: string): Promise<void> {
      const blob = deleteObject.get(key);
      if (blob) await rm(path.join(blobDir, blob), { force: true });
    },

    /** True when a PUT URL with this signature has stored an object or is storing one right now. */
    isUsed(signature: string): boolean {
      return inFlight.has(signature) || selectUsed.get(signature) !== undefined;
    },

    /**
     * Streams `body` into the object `key`, hashing as it goes, and marks the PUT URL's signature used in the
     * same commit. Throws EntityTooLargeError past `maxBytes`, IncompleteBodyError when the body stops short,
     * UrlAlreadyUsedError when the signature was used; then nothing is stored and the signature stays free.
     */
    async write(
      key: string,
      contentType: string,
      body: Readable,
      options: {
        maxBytes: number;
        signature: string;
        signatureExpiresAt: number;
        /** Asked right before the commit, with nothing awaited in between. */
        mayCommit?: () => boolean;
      },
    ): Promise<StoredObject> {
      if (this.isUsed(options.signature)) throw new UrlAlreadyUsedError();
      inFlight.add(options.signature);
      const blob = randomUUID();
      const tmpFile = path.join(tmpDir, blob);
      const blobFile = path.join(blobDir, blob);
      try {
        const md5 = createHash('md5');
        let size = 0;
        const meter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            if (size > options.maxBytes) {
              callback(new EntityTooLargeError());
              return;
            }
            md5.update(chunk);
            callback(null, chunk);
          },
        });
        const onBodyError = (error: Error) => meter.destroy(new IncompleteBodyError(error.message));
        const onBodyClose = () => {
          if (!body.readableEnded) meter.destroy(new IncompleteBodyError());
        };
        body.once('error', onBodyError);
        body.once('close', onBodyClose);
        // pipe, not pipeline: a refused body must leave the request alive so that it can still be answered.
        body.pipe(meter);
        try {
          await pipeline(meter, createWriteStream(tmpFile, { flags: 'wx', flush: true }));
        } finally {
          body.off('error', onBodyError);
          body.off('close', onBodyClose);
          body.unpipe(meter);
        }
        const object: StoredObject = { etag: `"${md5.digest('hex')}"`, size, contentType };
        await rename(tmpFile, blobFile);
        await syncDirectory(blobDir);
        let previous: string | undefined;
        try {
          if (options.mayCommit?.() === false) throw new UploadSweptError();
          previous = commit(key, blob, object, Date.now(), options.signature, options.signatureExpiresAt);
        } catch (error) {
          await rm(blobFile, { force: true });
          throw error;
        }
        if (previous) await rm(path.join(blobDir, previous), { force: true });
        return object;
      } finally {
        inFlight.delete(options.signature);
        await rm(tmpFile, { force: true });
      }
    },

    close(): void {
      db.close();
    },
  };
}

export type ObjectStore = ReturnType<typeof openObjectStore>;
