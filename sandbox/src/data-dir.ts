import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StartupError } from './contracts.ts';

/** Names the process holding the directory, for the message a second sandbox prints; the lock is LOCK_DB. */
const PID_FILE = 'sandbox.lock';
/**
 * An SQLite file held in an exclusive transaction for as long as the sandbox runs: SQLite locks it with
 * fcntl, which the kernel arbitrates between processes (one winner however many start at once) and
 * releases when the process ends, however it ends. Nothing stale is ever left to take over.
 */
const LOCK_DB = 'sandbox.lock.sqlite';

const REASONS: Record<string, string> = {
  EROFS: 'it is on a read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EEXIST: 'a file of that name is in the way',
};

function unusable(dir: string, error: unknown): StartupError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const reason = REASONS[code] ?? (error as Error).message;
  return new StartupError(
    `Cannot use the data directory ${dir}: ${reason}${code ? ` (${code})` : ''}. Set SANDBOX_DATA_DIR to a writable directory.`,
  );
}

function holderOf(dir: string): string {
  try {
    const pid = readFileSync(path.join(dir, PID_FILE), 'utf8').trim();
    return /^\d+$/.test(pid) ? ` (process ${pid})` : '';
  } catch {
    return '';
  }
}

/**
 * Makes sure the data directory exists and is writable, and locks it for this process: two sandboxes on
 * one directory would fight over its SQLite files.
 */
export function claimDataDir(dir: string): { release(): void } {
  const pidFile = path.join(dir, PID_FILE);
  const probe = path.join(dir, `${PID_FILE}.${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    // Writing a file is the writability check, with the errors the operator can act on.
    writeFileSync(probe, String(process.pid));
    rmSync(probe);
  } catch (error) {
    throw unusable(dir, error);
  }
  const lock = new Database(path.join(dir, LOCK_DB), { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw unusable(dir, error);
    throw new StartupError(
      `The data directory ${dir} is in use by another sandbox${holderOf(dir)}. Stop it, or set SANDBOX_DATA_DIR to another directory.`,
    );
  }
  try {
    writeFileSync(pidFile, String(process.pid));
  } catch (error) {
    lock.close();
    throw unusable(dir, error);
  }
  return {
    release() {
      rmSync(pidFile, { force: true });
      lock.close();
    },
  };
}
