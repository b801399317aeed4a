import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { clientCredentialsToken, gql, startSandbox, type TestSandbox } from './harness.ts';

// A real full disk and a real read-only file system: small tmpfs mounts (the tests run as root, as CI does).
const main = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const dataDirModule = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/data-dir.ts');
/** A process id no process has (beyond Linux's largest pid_max). */
const GONE_PID = 2 ** 30;
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

  it('is not kept from a sandbox by a lock file naming a process that runs but holds nothing', async () => {
    // What a crash leaves behind once the process id is given to another program (here: this test).
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'sandbox.lock'), String(process.pid));
    const sandbox = await startSandbox({ dataDir, seedParts: 10 });
    await sandbox.stop();
  });

  it('is released when the process holding it dies, however it dies', async () => {
    const dataDir = tempDir();
    const [holder] = await claimers(1);
    cleanups.push(() => holder!.stop());
    expect(await holder!.claim(dataDir)).toBe('won');
    await expect(startSandbox({ dataDir, seedParts: 10 })).rejects.toThrow(/is in use by another sandbox/);
    await holder!.kill();
    const sandbox = await startSandbox({ dataDir, seedParts: 10 });
    await sandbox.stop();
  });

  it('goes to exactly one of several sandboxes starting at once on a directory with a stale lock', async () => {
    const contenders = await claimers(4);
    cleanups.push(() => Promise.all(contenders.map((c) => c.stop())).then(() => undefined));
    for (let round = 0; round < 40; round += 1) {
      const dataDir = tempDir();
      writeFileSync(path.join(dataDir, 'sandbox.lock'), String(GONE_PID));
      const outcomes = await Promise.all(contenders.map((c) => c.claim(dataDir)));
      expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    }
  });
});

interface Claimer {
  /** Claims `dir` (keeping earlier claims): 'won', or the refusal's message. */
  claim(dir: string): Promise<string>;
  /** Ends the process with SIGKILL and waits for it. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `count` processes that claim data directories when told, all at once: each is started and waits, so the
 * claims race as closely as separate processes can.
 */
async function claimers(count: number): Promise<Claimer[]> {
  const script = `
    const { claimDataDir } = await import(${JSON.stringify(dataDirModule)});
    const lines = (await import('node:readline')).createInterface({ input: process.stdin });
    lines.on('line', (dir) => {
      try { claimDataDir(dir); console.log('won'); } catch (error) { console.log(error.message); }
    });
    lines.on('close', () => process.exit(0));
    console.log('ready');`;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const waiting: ((line: string) => void)[] = [];
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        let newline;
        while ((newline = buffered.indexOf('\n')) !== -1) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          waiting.shift()?.(line);
        }
      });
      const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
      expect(await nextLine()).toBe('ready');
      return {
        claim(dir) {
          const answer = nextLine();
          child.stdin.write(`${dir}\n`);
          return answer;
        },
        async kill() {
          child.kill('SIGKILL');
          await exited;
        },
        async stop() {
          child.stdin.end();
          await exited;
        },
      } satisfies Claimer;
    }),
  );
}
