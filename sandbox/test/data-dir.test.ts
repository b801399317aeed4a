import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { clientCredentialsToken, gql, startSandbox, type TestSandbox } from './harness.ts';

// A real full disk and a real read-only file system: small tmpfs mounts (the tests run as root, as CI does).
const main = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-datadir-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function mountTmpfs(options: string): string {
  const dir = tempDir();
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  cleanups.push(() => {
    execFileSync('umount', [dir]);
  });
  return dir;
}

/** Runs `npm run sandbox`'s entry point until it exits; its exit code and stderr. */
function runSandbox(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_DATA_DIR: dataDir, SANDBOX_SEED_PARTS: '10' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

const problemLines = (stderr: string) =>
  stderr.split('\n').filter((line) => line.startsWith('Sandbox not started') || /^\s+at /.test(line));

describe('the data directory', () => {
  it('when the disk fills during an upload, answers with a clear S3 error and keeps the connection', async () => {
    const dataDir = mountTmpfs('size=3m');
    const sandbox: TestSandbox = await startSandbox({ dataDir, seedParts: 10 });
    cleanups.push(() => sandbox.stop());
    const token = await clientCredentialsToken(sandbox.url, 'technician');
    const ticket = (
      await gql(
        sandbox.url,
        token,
        'query T($f: String!) { requestFileUploadUrl(filename: $f) { uploadUrl contentType } }',
        {
          f: 'too-big-for-the-disk.bin',
        },
      )
    ).data?.requestFileUploadUrl;

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(() => agent.destroy());
    const send = (
      url: string,
      method: string,
      body?: Buffer,
      headers: Record<string, string | number> = {},
    ) =>
      new Promise<{ status?: number; text: string; reused: boolean }>((resolve, reject) => {
        const req = http.request(url, { method, agent, headers }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode, text, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end(body);
      });

    const body = Buffer.alloc(6 * 1024 * 1024, 1);
    const put = await send(ticket.uploadUrl, 'PUT', body, {
      'Content-Type': ticket.contentType,
      'Content-Length': body.length,
    });
    expect(put.status).toBe(507);
    expect(put.text).toContain('<Code>StorageFull</Code>');
    expect(put.text).toContain('The sandbox&#39;s disk is full, so the object was not stored.');
    const next = await send(`${sandbox.url}/healthz`, 'GET');
    expect(next).toMatchObject({ status: 200, reused: true });
  });

  it('on a read-only file system stops start-up with one clear line', async () => {
    const readOnly = mountTmpfs('ro,size=1m');
    const { code, stderr } = await runSandbox(readOnly);
    expect(code).toBe(1);
    expect(problemLines(stderr)).toEqual([
      `Sandbox not started: Cannot use the data directory ${readOnly}: it is on a read-only file system (EROFS). Set SANDBOX_DATA_DIR to a writable directory.`,
    ]);
  });

  it('is locked: a second sandbox on it refuses to start and names the process holding it', async () => {
    const dataDir = tempDir();
    const first = await startSandbox({ dataDir, seedParts: 10 });
    try {
      const message = `The data directory ${dataDir} is in use by another sandbox (process ${process.pid}). Stop it, or set SANDBOX_DATA_DIR to another directory.`;
      const { code, stderr } = await runSandbox(dataDir);
      expect(code).toBe(1);
      expect(problemLines(stderr)).toEqual([`Sandbox not started: ${message}`]);
      await expect(startSandbox({ dataDir, seedParts: 10 })).rejects.toThrow(message);
      // The first one is unharmed.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    // Released on stop: the directory can be used again.
    const again = await startSandbox({ dataDir, seedParts: 10 });
    await again.stop();
  });
});
