import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../src/db/database.ts';
import {
  BUILTIN_STORAGE,
  CREATE_ATTACHMENT,
  putObject,
  requestTicket,
  uploadObject,
  type Ticket,
} from './harness.ts';
import { useSandbox, type SharedSandbox } from './use-sandbox.ts';

const DOWNLOAD = 'query A($id: ID!) { fileAttachment(id: $id) { downloadUrl } }';

async function partEntity(api: SharedSandbox): Promise<number> {
  return (await api.gql('{ part(id: 1) { entityId } }')).data?.part.entityId as number;
}

/** Moves the sandbox's clock past the URL lifetime (the tests run with no grace) and sweeps. */
async function expireAndSweep(api: SharedSandbox): Promise<void> {
  api.sandbox.clock.advance((api.sandbox.config.uploadUrlTtlSeconds + 1) * 1000);
  await api.sandbox.sweepUploads();
}

describe('objects of tickets that expired unregistered', () => {
  const api = useSandbox({ sweepGraceMs: 0 });
  const signedGet = (key: string) => api.sandbox.presignGet(key);

  it('are deleted by the sweep; registered ones stay, and a swept key cannot be registered', async () => {
    const token = await api.token('technician');
    const entityId = await partEntity(api);
    const kept = await uploadObject(api.url, token, 'kept.txt', 'kept');
    const registered = await api.gql(CREATE_ATTACHMENT, {
      input: { filename: 'kept.txt', s3Key: kept.s3Key, s3Etag: kept.etag, entityId, validateUpload: true },
    });
    const abandoned = await uploadObject(api.url, token, 'abandoned.txt', 'abandoned');
    expect((await fetch(await signedGet(abandoned.s3Key))).status).toBe(200);

    await expireAndSweep(api);
    expect((await fetch(await signedGet(abandoned.s3Key))).status).toBe(404);
    const id = registered.data?.createFileAttachment.fileAttachment.id as string;
    // A URL signed now: the one handed out at registration has expired.
    const fresh = await api.gql(DOWNLOAD, { id });
    const keptDownload = await fetch(fresh.data?.fileAttachment.downloadUrl);
    expect(await keptDownload.text()).toBe('kept');

    const late = await api.gql(CREATE_ATTACHMENT, {
      input: { filename: 'abandoned.txt', s3Key: abandoned.s3Key, s3Etag: abandoned.etag, entityId },
    });
    expect(late.errors?.[0]?.message).toBe(
      `The upload for s3Key "${abandoned.s3Key}" expired without being registered and was deleted; upload the file again`,
    );
  });
});

interface PutOutcome {
  status: number;
  etag?: string;
  body: string;
}

/** A PUT that sends the first half of its body now and the rest when told to. */
function halfwayPut(ticket: Ticket, body: Buffer) {
  const req = http.request(ticket.uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': ticket.contentType, 'Content-Length': body.length },
  });
  const outcome = new Promise<PutOutcome>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, body.length / 2));
  return {
    finish(): Promise<PutOutcome> {
      req.end(body.subarray(body.length / 2));
      return outcome;
    },
  };
}

// The built-in storage sees each PUT; an S3 service does not tell the sandbox an upload is under way.
describe('an upload still streaming when the sweep runs', () => {
  const api = useSandbox({ sweepGraceMs: 0, storage: BUILTIN_STORAGE });
  const storageDir = (sub: string) => path.join(api.sandbox.dataDir, 'storage', sub);
  const body = Buffer.alloc(64 * 1024, 5);

  /** A ticket whose PUT has begun: storage has opened the file it streams into. */
  async function streaming(filename: string) {
    const ticket = await requestTicket(api.url, await api.token('technician'), filename);
    const put = halfwayPut(ticket, body);
    await vi.waitFor(async () => expect(await readdir(storageDir('tmp'))).toHaveLength(1));
    return { ticket, put };
  }

  /** Marks a ticket swept as the sweep does, as if it had claimed the ticket just before the PUT ends. */
  function markSwept(s3Key: string): void {
    const db = new Database(path.join(api.sandbox.dataDir, DATABASE_FILE));
    try {
      db.prepare('UPDATE upload_tickets SET swept_at = ? WHERE s3_key = ?').run(
        new Date().toISOString(),
        s3Key,
      );
    } finally {
      db.close();
    }
  }

  it('is left alone, finishes, and can be registered and downloaded', async () => {
    const { ticket, put } = await streaming('slow.bin');
    await expireAndSweep(api);
    const done = await put.finish();
    expect(done.status).toBe(200);

    const created = await api.gql(CREATE_ATTACHMENT, {
      input: {
        filename: 'slow.bin',
        s3Key: ticket.s3Key,
        s3Etag: done.etag,
        entityId: await partEntity(api),
        validateUpload: true,
      },
    });
    expect(created.errors).toBeUndefined();
    await api.sandbox.sweepUploads();
    const id = created.data?.createFileAttachment.fileAttachment.id as string;
    const download = await fetch((await api.gql(DOWNLOAD, { id })).data?.fileAttachment.downloadUrl);
    expect(Buffer.from(await download.arrayBuffer()).equals(body)).toBe(true);
  });

  it('is refused at the end when its ticket was swept meanwhile, and leaves no object', async () => {
    const { ticket, put } = await streaming('late.bin');
    markSwept(ticket.s3Key);
    const done = await put.finish();
    expect(done.status).toBe(403);
    expect(done.etag).toBeUndefined();
    expect(done.body).toContain('<Code>AccessDenied</Code>');
    expect(done.body).toContain('expired without its file being registered');
    expect((await fetch(await api.sandbox.presignGet(ticket.s3Key))).status).toBe(404);
    expect(await readdir(storageDir('tmp'))).toEqual([]);
  });

  it('cannot start once its ticket was swept', async () => {
    const ticket = await requestTicket(api.url, await api.token('technician'), 'too-late.bin');
    markSwept(ticket.s3Key);
    const res = await putObject(ticket.uploadUrl, body, ticket.contentType);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('expired without its file being registered');
    expect((await fetch(await api.sandbox.presignGet(ticket.s3Key))).status).toBe(404);
  });
});
