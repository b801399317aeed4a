import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Clock } from '../src/clock.ts';
import { loadConfig, type SandboxConfig, type StorageConfig } from '../src/config.ts';
import type { AuthService, StorageService } from '../src/contracts.ts';
import { API_CLIENTS, type Role } from '../src/identities.ts';
import { createSandbox, type Sandbox } from '../src/server.ts';
import { loadOrCreateCredentials } from '../src/storage/credentials.ts';
import { createPresigner } from '../src/storage/presigner.ts';
import { startS3Server } from './s3-server.ts';

/** The sandbox's time, moved forward by a test instead of sleeping until something expires. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** Starts at the system time and runs with it; `advance` jumps it ahead. */
export function createTestClock(): TestClock {
  let ahead = 0;
  return {
    now: () => Date.now() + ahead,
    advance(ms) {
      ahead += ms;
    },
  };
}

/** A sandbox on a free loopback port with its own temporary data directory. */
export interface TestSandbox {
  url: string;
  config: SandboxConfig;
  dataDir: string;
  clock: TestClock;
  /** The running instance's identity provider and storage (a restart makes new ones). */
  readonly auth: AuthService;
  readonly storage: StorageService;
  sweepUploads(): Promise<void>;
  /** Stops and starts again on the same port and data directory (what survives a restart). */
  restart(): Promise<void>;
  /** Stops and deletes the data directory. */
  stop(): Promise<void>;
  /** A GET URL for any key of its storage, signed now with that storage's own key pair. */
  presignGet(key: string): Promise<string>;
}

/**
 * SANDBOX_TEST_STORAGE=s3 runs the same tests with an independent S3 server (s3rver) as storage, one per
 * sandbox, started and stopped with it; otherwise the built-in storage serves.
 */
export const TEST_STORAGE = process.env.SANDBOX_TEST_STORAGE === 's3' ? 's3' : 'builtin';
/** For tests of the built-in storage endpoint itself, whichever storage the run uses elsewhere. */
export const BUILTIN_STORAGE: StorageConfig = { kind: 'builtin', bucket: 'sandbox' };

export async function startSandbox(overrides: Partial<SandboxConfig> = {}): Promise<TestSandbox> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sandbox-test-'));
  const s3 = TEST_STORAGE === 's3' && !overrides.storage ? await startS3Server() : undefined;
  const clock = createTestClock();
  const base = loadConfig(
    {},
    {
      seedParts: 40,
      ...(s3 ? { storage: s3.storage } : {}),
      ...overrides,
      host: '127.0.0.1',
      port: 0,
      dataDir,
    },
  );
  let running: Sandbox = await createSandbox(base, { clock }).catch(async (error: unknown) => {
    await s3?.stop();
    throw error;
  });
  // Later starts reuse the first port, so URLs and token issuers stay valid across restarts.
  const fixed: SandboxConfig = running.config;
  return {
    url: running.url,
    config: fixed,
    dataDir,
    clock,
    get auth() {
      return running.auth;
    },
    get storage() {
      return running.storage;
    },
    sweepUploads: () => running.sweepUploads(),
    async restart() {
      await running.close();
      running = await createSandbox(fixed, { clock });
    },
    async presignGet(key) {
      const storage = fixed.storage;
      const presigner = createPresigner({
        ...(storage.kind === 's3'
          ? storage
          : {
              endpoint: `${fixed.publicUrl}/storage`,
              region: 'us-east-1',
              bucket: storage.bucket,
              forcePathStyle: true,
              ...loadOrCreateCredentials(path.join(dataDir, 'storage')),
            }),
        expiresInSeconds: 60,
        clock,
      });
      try {
        return await presigner.presignGet(key, 'x.bin', 'application/octet-stream');
      } finally {
        presigner.client.destroy();
      }
    },
    async stop() {
      await running.close();
      await s3?.stop();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An access token from the client-credentials grant with the seeded API key of that role. */
export async function clientCredentialsToken(url: string, role: Role): Promise<string> {
  const client = API_CLIENTS.find((c) => c.role === role);
  if (!client) throw new Error(`no API key for role ${role}`);
  const res = await fetch(`${url}/oidc/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token)
    throw new Error(`token request failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export interface GraphQLResponse<Data = Record<string, unknown>> {
  status: number;
  data?: Data | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

// Tests read response JSON by path; `any` keeps them short, and the assertions check the shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = Record<string, any>;

/** POSTs one GraphQL operation with `Authorization: Bearer <token>`; returns HTTP status and body. */
export async function gql<Data = Loose>(
  url: string,
  token: string | null,
  query: string,
  variables?: Record<string, unknown>,
  scheme = 'Bearer',
): Promise<GraphQLResponse<Data>> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token === null ? {} : { Authorization: `${scheme} ${token}` }),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as Omit<GraphQLResponse<Data>, 'status'>;
  return { status: res.status, ...body };
}

/** A PUT of `body` to a (presigned) storage URL with that Content-Type. */
export function putObject(
  url: string,
  body: BodyInit,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType, ...headers } });
}

/** How a slow PUT ended: answered (its status), or its connection cut before an answer. */
export interface SlowPutOutcome {
  status?: number;
  closed: boolean;
}

/**
 * PUTs `chunks` pieces of 1 KiB to a (presigned) storage URL, waiting `pauseMs` between them, then
 * ends (or goes silent after `stallAfter` pieces): a client on a slow or dying link.
 */
export function slowPut(
  url: string,
  contentType: string,
  chunks: number,
  pauseMs: number,
  stallAfter?: number,
): Promise<SlowPutOutcome> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: { 'Content-Type': contentType, 'Content-Length': chunks * 1024 },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, closed: false }));
    });
    req.on('error', () => resolve({ closed: true }));
    let sent = 0;
    const next = () => {
      if (stallAfter !== undefined && sent === stallAfter) return; // goes silent
      req.write(Buffer.alloc(1024, 7));
      sent += 1;
      if (sent === chunks) req.end();
      else setTimeout(next, pauseMs);
    };
    next();
  });
}

/** A browser's CORS preflight from `origin` for `method`, with the request headers it would ask for. */
export function preflight(url: string, origin: string, method: string, headers?: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      ...(headers ? { 'access-control-request-headers': headers } : {}),
    },
  });
}

export interface UploadedObject {
  s3Key: string;
  contentType: string;
  /** ETag as storage sent it (quoted). */
  etag: string;
}

export const TICKET =
  'query Ticket($f: String!) { requestFileUploadUrl(filename: $f) { uploadUrl s3Key contentType } }';

export interface Ticket {
  uploadUrl: string;
  s3Key: string;
  contentType: string;
}

/** Step 1 of the upload flow: a ticket from requestFileUploadUrl. */
export async function requestTicket(url: string, token: string, filename: string): Promise<Ticket> {
  const ticket = await gql(url, token, TICKET, { f: filename });
  const t = ticket.data?.requestFileUploadUrl as Ticket | undefined;
  if (!t) throw new Error(`requestFileUploadUrl failed: ${JSON.stringify(ticket.errors)}`);
  return t;
}

/** Steps 1 and 2 of the upload flow: ticket from requestFileUploadUrl, then the PUT to storage. */
export async function uploadObject(
  url: string,
  token: string,
  filename: string,
  body: Uint8Array<ArrayBuffer> | string,
): Promise<UploadedObject> {
  const t = await requestTicket(url, token, filename);
  const put = await putObject(t.uploadUrl, body, t.contentType);
  if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  return { s3Key: t.s3Key, contentType: t.contentType, etag: put.headers.get('etag') ?? '' };
}

export const CREATE_ATTACHMENT = `mutation C($input: CreateFileAttachmentInput!) {
  createFileAttachment(input: $input) { fileAttachment { id } } }`;

/** The whole flow for one file: ticket, PUT, then createFileAttachment (validateUpload) on `entityId`. */
export async function attachFile(
  url: string,
  token: string,
  entityId: number | string,
  filename: string,
  body: Uint8Array<ArrayBuffer> | string,
  selection = 'id',
): Promise<GraphQLResponse<Loose>> {
  const object = await uploadObject(url, token, filename, body);
  return gql(
    url,
    token,
    `mutation C($input: CreateFileAttachmentInput!) {
      createFileAttachment(input: $input) { fileAttachment { ${selection} } } }`,
    { input: { filename, s3Key: object.s3Key, s3Etag: object.etag, entityId, validateUpload: true } },
  );
}
