import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';
import type { Db } from './db.ts';
import { seed, type SeedOptions } from './seed.ts';

export const DATABASE_FILE = 'sandbox.sqlite';

/** Opens (creating if needed) the data directory's database, migrates it and seeds it once when new. */
export function openDatabase(dataDir: string, options: SeedOptions): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  // The seed commits in one transaction together with the organization, so "no organization" means
  // a data directory that was never seeded, even if an earlier start stopped half-way.
  if (!db.prepare('SELECT 1 FROM organizations').get()) seed(db, options);
  return db;
}
