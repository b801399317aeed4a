import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type SandboxConfig } from '../src/config.ts';
import type { StorageService } from '../src/contracts.ts';
import { createStorageService } from '../src/storage/index.ts';

export interface RunningStorage {
  storage: StorageService;
  config: SandboxConfig;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** The storage handler alone on a real HTTP server on a free port, with its own data directory. */
export async function startStorage(
  overrides: Partial<SandboxConfig> = {},
  port = 0,
): Promise<RunningStorage> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'storage-test-')));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  const config = loadConfig({}, { ...overrides, host: '127.0.0.1', port: actualPort, dataDir });
  const storage = await createStorageService(config);
  server.on('request', (req, res) => {
    void storage.handle(req, res).then((handled) => {
      if (!handled) {
        res.statusCode = 404;
        res.end('not storage');
      }
    });
  });
  return {
    storage,
    config,
    async stop(options = {}) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await storage.close();
      if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
