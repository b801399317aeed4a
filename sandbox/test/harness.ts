import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type SandboxConfig } from '../src/config.ts';
import { API_CLIENTS, type Role } from '../src/identities.ts';
import { createSandbox, type Sandbox } from '../src/server.ts';
import { loadOrCreateCredentials } from '../src/storage/credentials.ts';
import { createPresigner } from '../src/storage/presigner.ts';
import { startS3Server } from './s3-server.ts';

/** A sandbox on a free loopback port with its own temporary data directory. */
export interface TestSandbox {
  url: string;
  config: SandboxConfig;
  dataDir: string;
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

export async function startSandbox(overrides: Partial<SandboxConfig> = {}): Promise<TestSandbox> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sandbox-test-'));
  const s3 = TEST_STORAGE === 's3' && !overrides.storage ? await startS3Server() : undefined;
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
  let running: Sandbox = await createSandbox(base).catch(async (error: unknown) => {
    await s3?.stop();
    throw error;
  });
  // Later starts reuse the first port, so URLs and token issuers stay valid across restarts.
  const fixed: SandboxConfig = running.config;
  const handle: TestSandbox = {
    url: running.url,
    config: fixed,
    dataDir,
    async restart() {
      await running.close();
      running = await createSandbox(fixed);
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
  return handle;
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
type Loose = Record<string, any>;

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

export interface UploadedObject {
  s3Key: string;
  contentType: string;
  /** ETag as storage sent it (quoted). */
  etag: string;
}

/** Steps 1 and 2 of the upload flow: ticket from requestFileUploadUrl, then the PUT to storage. */
export async function uploadObject(
  url: string,
  token: string,
  filename: string,
  body: Uint8Array<ArrayBuffer> | string,
): Promise<UploadedObject> {
  const ticket = await gql(
    url,
    token,
    'query Ticket($f: String!) { requestFileUploadUrl(filename: $f) { uploadUrl s3Key contentType } }',
    { f: filename },
  );
  const t = ticket.data?.requestFileUploadUrl as
    { uploadUrl: string; s3Key: string; contentType: string } | undefined;
  if (!t) throw new Error(`requestFileUploadUrl failed: ${JSON.stringify(ticket.errors)}`);
  const put = await fetch(t.uploadUrl, { method: 'PUT', headers: { 'Content-Type': t.contentType }, body });
  if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  return { s3Key: t.s3Key, contentType: t.contentType, etag: put.headers.get('etag') ?? '' };
}
