import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureFreshDist } from './distBuild.ts';

const run = promisify(execFile);

export interface Variant {
  /** "before" (the baseline commit) or "after" (this working tree). */
  label: 'before' | 'after';
  /** Where the sandbox, the app server and dist/ are taken from; the bench code is always this tree's. */
  root: string;
  /** What the variant is, for the report: a short commit hash, or "working tree". */
  source: string;
}

/**
 * The product as it was at `ref`, next to this tree, so one bench run can measure both with the same
 * measuring code on the same machine state. `git archive` of the commit into a temporary folder (kept
 * per commit, so a second run reuses the build), this tree's node_modules linked in when the lockfile
 * is the same (else `npm ci` there), then its own `npm run build`.
 */
export async function prepareBaseline(
  repoRoot: string,
  ref: string,
  log: (m: string) => void,
): Promise<Variant> {
  const git = (...args: string[]) => run('git', args, { cwd: repoRoot, maxBuffer: 256 * 1024 * 1024 });
  let sha: string;
  try {
    sha = (await git('rev-parse', '--verify', `${ref}^{commit}`)).stdout.trim();
  } catch {
    throw new Error(`--baseline ${ref}: not a commit in this repository`);
  }
  const short = sha.slice(0, 9);
  const root = path.join(os.tmpdir(), `ion-bench-baseline-${short}`);
  const ready = path.join(root, '.bench-ready');
  // A kept baseline whose node_modules link no longer resolves (the tree it was linked from, a
  // removed worktree, is gone) is made again: its sandbox would not start.
  if (!existsSync(ready) || !existsSync(path.join(root, 'node_modules'))) {
    log(`baseline ${short}: extracting the commit into ${root}`);
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    await run('sh', ['-c', `git archive --format=tar ${sha} | tar -x -C "${root}"`], { cwd: repoRoot });
    const sameLock =
      readFileSync(path.join(root, 'package-lock.json'), 'utf8') ===
      readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8');
    if (sameLock) await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    else {
      log(`baseline ${short}: its package-lock.json differs, npm ci there`);
      await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
    }
    await mkdir(ready, { recursive: true });
  }
  await ensureFreshDist(root, log);
  return { label: 'before', root, source: short };
}
