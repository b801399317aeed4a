import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createAuthService } from '../src/auth/index.ts';
import { loadConfig, type SandboxConfig } from '../src/config.ts';
import type { AuthService } from '../src/contracts.ts';

/** The identity provider alone on a loopback server, as the sandbox mounts it. */
export interface AuthTestServer {
  config: SandboxConfig;
  auth: AuthService;
  issuer: string;
  close(): Promise<void>;
}

function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-auth-'));
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** Starts on a free port with a temporary data dir unless one is given. */
export async function startAuthServer(overrides: Partial<SandboxConfig> = {}): Promise<AuthTestServer> {
  const server = http.createServer();
  const boundPort = await listen(server);
  const ownDataDir = overrides.dataDir ? undefined : tempDataDir();
  const config = loadConfig({}, { dataDir: ownDataDir, ...overrides, host: '127.0.0.1', port: boundPort });
  const auth = await createAuthService(config);
  server.on('request', (req, res) => {
    auth.handle(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404).end();
      },
      (error: unknown) => {
        console.error(error);
        res.writeHead(500).end();
      },
    );
  });
  return {
    config,
    auth,
    issuer: `${config.publicUrl}/oidc`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await auth.close();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
