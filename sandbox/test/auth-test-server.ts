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

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-auth-'));
}

async function listen(server: http.Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** Starts on a free port (or the given one, to restart on the same issuer) with its own data dir. */
export async function startAuthServer(
  overrides: Partial<SandboxConfig> = {},
  port = 0,
): Promise<AuthTestServer> {
  const server = http.createServer();
  const boundPort = await listen(server, port);
  const config = loadConfig({}, { dataDir: tempDataDir(), ...overrides, host: '127.0.0.1', port: boundPort });
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
    },
  };
}
