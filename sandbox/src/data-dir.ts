import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from './contracts.ts';

const LOCK_FILE = 'sandbox.lock';

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

/** True when a process with this id exists (EPERM: it exists but belongs to someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes sure the data directory exists and is writable, and locks it for this process: two sandboxes on
 * one directory would fight over its SQLite files. A lock left by a process that no longer runs is taken over.
 */
export function claimDataDir(dir: string): { release(): void } {
  const lock = path.join(dir, LOCK_FILE);
  const mine = path.join(dir, `${LOCK_FILE}.${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    // Writing our candidate lock is also the writability check.
    writeFileSync(mine, String(process.pid));
  } catch (error) {
    throw unusable(dir, error);
  }
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(mine, lock); // atomic: exactly one process gets the name
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unusable(dir, error);
      }
      const holder = Number(readFileSync(lock, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new StartupError(
          `The data directory ${dir} is in use by another sandbox (process ${holder}). Stop it, or set SANDBOX_DATA_DIR to another directory.`,
        );
      }
      if (attempt > 0)
        throw new StartupError(`Could not take over the stale lock ${lock}; delete it and start again.`);
      rmSync(lock, { force: true }); // left behind by a process that is gone
    }
  } finally {
    rmSync(mine, { force: true });
  }
  return {
    release() {
      rmSync(lock, { force: true });
    },
  };
}
