import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { createAuthService } from './auth/index.ts';
import { bodyDeadline, capConnectionsPerAddress, slowClientOptions } from './connection-guard.ts';
import { systemClock, type Clock } from './clock.ts';
import { httpsUrlOf, type SandboxConfig } from './config.ts';
import { AuthError, type AuthService, type StorageService } from './contracts.ts';
import { claimDataDir } from './data-dir.ts';
import { openDatabase } from './db/database.ts';
import type { Db } from './db/db.ts';
import { normalizeGraphQLBody } from './graphql/request-shape.ts';
import { responseTooLarge } from './graphql/response-meter.ts';
import { createGraphQLHandler } from './graphql/yoga.ts';
import { createStorageService } from './storage/index.ts';
import { loadOrCreateTlsFiles } from './tls/certificates.ts';
import { createUploadGate, startUploadSweep } from './upload-sweep.ts';

export interface Sandbox {
  /** Base URL actually listened on (the port is resolved when config.port is 0). */
  url: string;
  /** The HTTPS listener's base URL, or null when HTTPS is off. */
  httpsUrl: string | null;
  /** The CA certificate HTTPS clients should trust (in the data directory), or null when HTTPS is off. */
  caCertPath: string | null;
  config: SandboxConfig;
  /** The identity provider and storage as the server mounts them, for tools and tests that call them directly. */
  auth: AuthService;
  storage: StorageService;
  /** Runs the sweep of expired, never-registered uploads now (it also runs on its own timer). */
  sweepUploads(): Promise<void>;
  close(): Promise<void>;
}

export interface SandboxOptions {
  /** The time for everything that expires; tests pass one they can move forward. */
  clock?: Clock;
}

const MAX_GRAPHQL_BODY_BYTES = 1024 * 1024;

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

const errorBody = (message: string) => ({ errors: [{ message }] });

/**
 * CORS headers for /graphql: only listed origins, so the browser can also read 401 bodies, and
 * Retry-After, so the app can wait as long as a 429 or 503 asks.
 */
function corsHeaders(config: SandboxConfig, req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || !config.allowedOrigins.includes(origin)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    'Access-Control-Max-Age': '600',
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  };
}

/** The request body, or null when it exceeds the limit. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** True for a request that came in on the HTTPS listener. */
const isSecure = (req: IncomingMessage) => (req.socket as TLSSocket).encrypted === true;

/**
 * Starts the whole sandbox: database, identity provider, storage and GraphQL on one HTTP server, and
 * the same on an HTTPS one (config.httpsPort) with a certificate made in the data directory.
 */
export async function createSandbox(config: SandboxConfig, options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? systemClock;
  const dataDir = claimDataDir(config.dataDir);
  let db: Db;
  try {
    db = openDatabase(config.dataDir, {
      seedParts: config.seedParts,
      evidenceFields: config.seedEvidenceFields,
      runSteps: config.seedRunSteps,
      seedRuns: config.seedRuns,
    });
  } catch (error) {
    dataDir.release();
    throw error;
  }
  // No limit for a whole request (slow uploads); headers, other bodies and silence have theirs.
  const slowClients = slowClientOptions(config);
  const servers: Server[] = [createServer(slowClients)];
  let caCertPath: string | null = null;
  try {
    if (config.httpsPort !== null) {
      const tls = loadOrCreateTlsFiles(config.dataDir, config.host);
      caCertPath = tls.caPath;
      servers.push(createHttpsServer({ key: tls.key, cert: tls.cert, ...slowClients }));
    }
  } catch (error) {
    db.close();
    dataDir.release();
    throw error;
  }
  // Requests that arrive while the services start wait for them instead of hanging unanswered.
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  capConnectionsPerAddress(servers, config.maxConnectionsPerAddress);
  for (const server of servers) {
    server.setTimeout(config.idleTimeoutMs, (socket) => socket.destroy());
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      bodyDeadline(req, config.requestTimeoutMs);
      ready
        .then(() => route(req, res))
        .catch((error: unknown) => {
          console.error('[sandbox] request failed:', error);
          if (!res.headersSent) sendJson(res, 500, errorBody('Internal server error'));
          else res.destroy();
        });
    });
  }
  const stopListening = () => {
    for (const server of servers) {
      server.closeAllConnections(); // requests that waited for start-up must not hang
      server.close();
    }
  };
  // Listen first so that a port of 0 resolves to the real URL before the services are configured.
  let port: number;
  let httpsPort: number | null = null;
  try {
    port = await listen(servers[0]!, config.port, config.host);
    if (servers[1]) {
      httpsPort = await listen(servers[1], config.httpsPort ?? 0, config.host).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || !config.httpsPortDerived) throw error;
        console.warn(`[sandbox] port ${config.httpsPort} is in use: HTTPS listens on a free port instead`);
        return listen(servers[1]!, 0, config.host);
      });
    }
  } catch (error) {
    stopListening();
    db.close();
    dataDir.release();
    throw error;
  }
  const publicUrl =
    config.port === 0 && !config.publicUrlIsSet ? `http://${config.host}:${port}` : config.publicUrl;
  const resolved: SandboxConfig = {
    ...config,
    port,
    httpsPort,
    publicUrl,
    httpsUrl: httpsUrlOf({ ...config, httpsPort, publicUrl }),
  };
  /** The base URL a request reached, for the URLs handed back to it (storage on the same scheme). */
  const originOf = (req: IncomingMessage) =>
    isSecure(req) && resolved.httpsUrl ? resolved.httpsUrl : resolved.publicUrl;

  const uploads = createUploadGate(db);
  let auth: AuthService | undefined;
  let storage: StorageService | undefined;
  try {
    storage = await createStorageService(resolved, { clock, uploads });
    auth = await createAuthService(resolved, clock);
  } catch (error) {
    await storage?.close();
    stopListening();
    db.close();
    dataDir.release();
    throw error;
  }
  const graphql = createGraphQLHandler({ db, storage, config: resolved, clock });
  const sweep = startUploadSweep(db, storage, uploads, {
    intervalMs: Math.max(1, resolved.sweepIntervalMs),
    graceMs: resolved.sweepGraceMs,
    clock,
  });
  const services = { auth, storage };

  async function handleGraphQL(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cors = corsHeaders(resolved, req);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, errorBody('Use POST for /graphql'), { ...cors, Allow: 'POST, OPTIONS' });
      return;
    }
    let principal;
    try {
      principal = await services.auth.authenticate(req.headers.authorization);
    } catch (error) {
      if (error instanceof AuthError) {
        sendJson(res, 401, errorBody(error.message), { ...cors, 'WWW-Authenticate': 'Bearer' });
        return;
      }
      throw error;
    }
    const body = await readBody(req, MAX_GRAPHQL_BODY_BYTES);
    if (body === null) {
      sendJson(
        res,
        413,
        errorBody(`GraphQL request body is larger than ${MAX_GRAPHQL_BODY_BYTES} bytes`),
        cors,
      );
      return;
    }
    const shaped = normalizeGraphQLBody(body.toString('utf8'));
    if (!shaped.ok) {
      sendJson(res, 400, errorBody(shaped.message), cors);
      return;
    }
    const response = await graphql.fetch(
      `${resolved.publicUrl}/graphql`,
      {
        method: 'POST',
        // GraphQL errors travel with HTTP 200 as in the real service, whatever media type the client prefers.
        headers: {
          'Content-Type': req.headers['content-type'] ?? 'application/json',
          Accept: 'application/json',
        },
        body: shaped.body,
      },
      { principal, origin: originOf(req) },
    );
    const payload = Buffer.from(await response.arrayBuffer());
    if (payload.length > resolved.maxResponseBytes) {
      sendJson(res, 200, { errors: [responseTooLarge(resolved.maxResponseBytes).toJSON()] }, cors);
      return;
    }
    res.writeHead(response.status, {
      ...cors,
      'Content-Type': response.headers.get('content-type') ?? 'application/json',
    });
    res.end(payload);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (await services.storage.handle(req, res)) return;
    if (await services.auth.handle(req, res)) return;
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/graphql') return handleGraphQL(req, res);
    if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendJson(res, 200, { ok: true });
      return;
    }
    sendJson(res, 404, errorBody(`No route for ${req.method ?? 'GET'} ${path}`));
  }

  markReady();

  let closing: Promise<void> | undefined;
  return {
    url: resolved.publicUrl,
    httpsUrl: resolved.httpsUrl,
    caCertPath,
    config: resolved,
    auth,
    storage,
    sweepUploads: () => sweep.now(),
    close() {
      closing ??= (async () => {
        await Promise.all(
          servers.map((server) => {
            server.closeAllConnections();
            return new Promise<void>((resolve) => server.close(() => resolve()));
          }),
        );
        await sweep.stop();
        await services.auth.close();
        await services.storage.close();
        db.close();
        dataDir.release();
      })();
      return closing;
    },
  };
}
