import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createSandbox, type Sandbox } from '../src/server.ts';

// The HTTPS listener: a certificate any verifying client accepts for the loopback names once it trusts
// the CA kept in the data directory, the same across restarts, and a port that never keeps the sandbox
// from starting unless it was asked for.

/** GETs a path over HTTPS trusting only `ca`, as `host` (the name the certificate must cover). */
function getVerified(base: string, host: string, ca: Buffer): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    get(
      { host: url.hostname, servername: host, port: url.port, path: '/healthz', ca, headers: { host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    ).on('error', reject);
  });
}

async function occupiedPort(): Promise<{ port: number; close(): void }> {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return { port: (blocker.address() as AddressInfo).port, close: () => blocker.close() };
}

describe('the HTTPS listener', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-https-'));
  const started: Sandbox[] = [];
  const start = async (overrides: Parameters<typeof loadConfig>[1]) => {
    const sandbox = await createSandbox(
      loadConfig({}, { seedParts: 20, host: '127.0.0.1', port: 0, dataDir, ...overrides }),
    );
    started.push(sandbox);
    return sandbox;
  };
  afterAll(async () => {
    for (const sandbox of started) await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a certificate for localhost, 127.0.0.1 and ::1, signed by the CA in the data directory', async () => {
    const sandbox = await start({});
    expect(sandbox.caCertPath).toBe(path.join(dataDir, 'tls', 'ca.pem'));
    const ca = readFileSync(sandbox.caCertPath!);
    for (const host of ['localhost', '127.0.0.1']) {
      expect(await getVerified(sandbox.httpsUrl!, host, ca), host).toBe(200);
    }
    const server = new X509Certificate(readFileSync(path.join(dataDir, 'tls', 'server.pem')));
    expect(server.checkIP('::1')).toBe('::1');
    expect(server.ca).toBe(false);
    await sandbox.close();
  });

  it('keeps the same certificates across restarts', async () => {
    const before = readFileSync(path.join(dataDir, 'tls', 'server.pem'), 'utf8');
    const sandbox = await start({});
    expect(readFileSync(path.join(dataDir, 'tls', 'server.pem'), 'utf8')).toBe(before);
    await sandbox.close();
  });

  it('moves to a free port when the derived one is taken, but not when the port was asked for', async () => {
    const blocker = await occupiedPort();
    try {
      const moved = await start({ httpsPort: blocker.port, httpsPortDerived: true });
      expect(new URL(moved.httpsUrl!).port).not.toBe(String(blocker.port));
      await moved.close();
      await expect(start({ httpsPort: blocker.port, httpsPortDerived: false })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      blocker.close();
    }
  });

  it('can be turned off', async () => {
    const config = loadConfig({ SANDBOX_HTTPS_PORT: 'off' }, { dataDir, port: 0 });
    expect(config.httpsPort).toBeNull();
    const sandbox = await start({ httpsPort: null });
    expect(sandbox.httpsUrl).toBeNull();
    expect(sandbox.caCertPath).toBeNull();
  });
});
