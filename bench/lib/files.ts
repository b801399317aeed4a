import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { now } from './stats.ts';

const CACHE = path.join(os.tmpdir(), 'ion-bench-files');

/** A file of `bytes` random bytes, written once and reused by later runs. */
export async function sourceFile(bytes: number): Promise<string> {
  await mkdir(CACHE, { recursive: true });
  const file = path.join(CACHE, `random-${bytes}.bin`);
  if (existsSync(file) && statSync(file).size === bytes) return file;
  const handle = await open(`${file}.part`, 'w');
  const chunk = 8 * 1024 * 1024;
  for (let written = 0; written < bytes; written += chunk) {
    await handle.write(randomBytes(Math.min(chunk, bytes - written)));
  }
  await handle.close();
  await rename(`${file}.part`, file);
  return file;
}

/**
 * A per-run folder for the files a benchmark drops. `named` gives the same bytes another name (a hard
 * link, for large files); the app's duplicate guard takes two of those for the same file and asks
 * before sending the second, so a benchmark dropping one source several times on a page uses
 * `unique`: a copy whose first 16 bytes are random, as two photos differ, and `shorterBy` bytes shorter
 * (photos rarely share a size to the byte; the guard reads only files of a size it has seen).
 */
export async function namingDir(): Promise<{
  dir: string;
  named(source: string, name: string): Promise<string>;
  unique(source: string, name: string, shorterBy?: number): Promise<string>;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-run-'));
  return {
    dir,
    async named(source, name) {
      const target = path.join(dir, name);
      await link(source, target);
      return target;
    },
    async unique(source, name, shorterBy = 0) {
      const target = path.join(dir, name);
      await copyFile(source, target);
      const handle = await open(target, 'r+');
      try {
        await handle.write(randomBytes(Math.min(16, statSync(source).size)), 0, undefined, 0);
        if (shorterBy > 0) await handle.truncate(statSync(source).size - shorterBy);
      } finally {
        await handle.close();
      }
      return target;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** MB/s of Node's native MD5 over the file: the floor the browser's MD5 fallback is compared with. */
export async function nodeMd5Speed(file: string): Promise<number> {
  const start = now();
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * 1024 * 1024 }))
    hash.update(chunk as Buffer);
  hash.digest();
  return statSync(file).size / (1024 * 1024) / ((now() - start) / 1000);
}

export function sizeLabel(bytes: number): string {
  return bytes >= 1024 ** 3
    ? `${bytes / 1024 ** 3} GB`
    : bytes >= 1024 ** 2
      ? `${bytes / 1024 ** 2} MB`
      : `${bytes / 1024} KB`;
}
