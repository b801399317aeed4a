import type Database from 'better-sqlite3';

/** The sandbox's open database; its own module, so that every part of db/ can name it without a cycle. */
export type Db = Database.Database;
