import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { BUILTIN_STORAGE, putObject, startSandbox } from './harness.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storage-persist-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

test('objects, signing keys and used PUT URLs survive a restart', async () => {
  const sandbox = await startSandbox({ storage: BUILTIN_STORAGE });
  const putUrl = await sandbox.storage.presignPut('uploads/keep/report.txt', 'text/plain');
  expect(
    // Connection: close, so that no pooled connection to the stopped server is reused after the restart.
    (await putObject(putUrl, 'kept', 'text/plain', { connection: 'close' })).status,
  ).toBe(200);
  const getUrl = await sandbox.storage.presignGet('uploads/keep/report.txt', 'report.txt', 'text/plain');
  const before = await sandbox.storage.head('uploads/keep/report.txt');

  // Same port, so that URLs signed for this host stay valid.
  await sandbox.restart();
  try {
    expect(await sandbox.storage.head('uploads/keep/report.txt')).toEqual(before);
    const download = await fetch(getUrl);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('kept');
    const reuse = await putObject(putUrl, 'again', 'text/plain');
    expect(reuse.status).toBe(403);
  } finally {
    await sandbox.stop();
  }
});

test('a crash in the middle of a PUT leaves no object under the key and no leftovers', async () => {
  const dataDir = await tempDataDir();
  const helper = path.join(here, 'harness.ts');
  // One node process (tsx as a loader, not its wrapper CLI) so that SIGKILL hits the server itself.
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { BUILTIN_STORAGE, startSandbox } = await import(${JSON.stringify(helper)});
       const s = await startSandbox({ dataDir: ${JSON.stringify(dataDir)}, storage: BUILTIN_STORAGE });
       console.log(await s.storage.presignPut('uploads/crash/big.bin', 'application/octet-stream'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const line = out.split('\n').find((l) => l.startsWith('http'));
        if (line) resolve(line.trim());
      });
      child.on('exit', () => reject(new Error(`storage child exited early: ${out}`)));
    });
    const req = http.request(new URL(url), {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(10 * 1024 * 1024) },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(1024 * 1024, 3));
    const tmp = path.join(dataDir, 'storage', 'tmp');
    for (let i = 0; i < 100 && (await readdir(tmp).catch(() => [])).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await readdir(tmp)).toHaveLength(1);
    child.kill('SIGKILL');
    await exited;
    req.destroy();
  } finally {
    child.kill('SIGKILL');
  }
  // A blob renamed into place whose metadata commit never happened, as a crash between the two leaves it.
  await writeFile(path.join(dataDir, 'storage', 'blobs', 'orphan-from-crash'), 'x');

  const restarted = await startSandbox({ dataDir, storage: BUILTIN_STORAGE });
  try {
    expect(await restarted.storage.head('uploads/crash/big.bin')).toBeNull();
    expect(await readdir(path.join(dataDir, 'storage', 'tmp'))).toEqual([]);
    expect(await readdir(path.join(dataDir, 'storage', 'blobs'))).toEqual([]);
  } finally {
    await restarted.stop();
  }
});
