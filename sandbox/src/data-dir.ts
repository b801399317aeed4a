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
/**
 * BEGIN EXCLUSIVE climbs SQLite's locks (shared, reserved, pending, exclusive) without waiting
 * (`timeout: 0`), and two sandboxes starting at the same moment can each stop the other's climb, so
 * that both give up and nobody holds the directory (1 round in 40 of data-dir.test's race, on a loaded
 * machine). A refused climb is tried again a few times, a few milliseconds apart at random. (A busy
 * timeout instead let two of four racing processes hold an empty lock file at once: most likely the
 * test's dropped claims, closed by their collector while the other process waited; see `held`.)
 */
const LOCK_ATTEMPTS = 5;

/**
 * The locks this process holds, until released: a connection nothing refers to is closed when it is
 * garbage collected, and its lock goes with it. A caller that dropped the claim (data-dir.test's
 * contenders did) let a second process take the directory, on a loaded machine, once its collector ran.
 */
const held = new Set<Database.Database>();

/** The lock held (an open exclusive transaction), or null when another process holds it. */
function takeLock(file: string): Database.Database | null {
  for (let attempt = 1; ; attempt += 1) {
    const lock = new Database(file, { timeout: 0 });
    try {
      lock.exec('BEGIN EXCLUSIVE');
      return lock;
    } catch (error) {
      lock.close();
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      if (attempt === LOCK_ATTEMPTS) return null;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2 + Math.random() * 18);
  }
}

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
  let lock: Database.Database | null;
  try {
    lock = takeLock(path.join(dir, LOCK_DB));
  } catch (error) {
    throw unusable(dir, error);
  }
  if (!lock) {
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
  held.add(lock);
  return {
    release() {
      rmSync(pidFile, { force: true });
      held.delete(lock);
      lock.close();
    },
  };
}
