import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { NotReady } from './benchmark.ts';
import { median, now } from './stats.ts';

const run = promisify(execFile);

/** A plain Node client of the sandbox: the bare requests the app's figures are compared with. */
export interface ApiClient {
  graphqlUrl: string;
  token: string;
}

/** An access token for the technician's API key (client credentials at the issuer's token endpoint). */
export async function apiKeyToken(issuer: string): Promise<string> {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from('technician-key:technician-secret').toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json()) as { access_token?: string; error?: string };
  if (!response.ok || !body.access_token) {
    throw new Error(`client credentials at ${issuer}/token: ${response.status} ${body.error ?? ''}`);
  }
  return body.access_token;
}

export async function apiClient(graphqlUrl: string, issuer: string): Promise<ApiClient> {
  return { graphqlUrl, token: await apiKeyToken(issuer) };
}

/** One GraphQL request; throws on `errors`. Returns the data and the round-trip time. */
export function gql<T>(
  client: ApiClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data: T; ms: number }> {
  return gqlBody<T>(client, JSON.stringify({ query, variables }));
}

/** A GraphQL request body sent as is (e.g. one the app sent, replayed). */
export async function gqlBody<T>(client: ApiClient, body: string): Promise<{ data: T; ms: number }> {
  const start = now();
  const response = await fetch(client.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
    body,
  });
  const result = (await response.json()) as { data?: T; errors?: { message: string }[] };
  const ms = now() - start;
  if (result.errors?.length || !result.data) {
    const messages = result.errors?.map((e) => e.message).join('; ') ?? 'no data';
    throw new Error(`GraphQL ${response.status}: ${messages}`);
  }
  return { data: result.data, ms };
}

/** Median time of the same GraphQL request body sent from Node, `samples` times after a warm-up. */
export async function replay(client: ApiClient, body: string, samples: number): Promise<number> {
  await gqlBody(client, body);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push((await gqlBody(client, body)).ms);
  return median(times);
}

export interface Ticket {
  uploadUrl: string;
  s3Key: string;
  contentType: string;
}

/** The bare client's operations, also sent from a page by benchmarks that measure the browser's floor. */
export const TICKET_QUERY =
  'query BenchTicket($filename: String!) { requestFileUploadUrl(filename: $filename) { uploadUrl s3Key contentType } }';
export const REGISTER_MUTATION =
  'mutation BenchRegister($input: CreateFileAttachmentInput!) { createFileAttachment(input: $input) { fileAttachment { id } } }';

export async function requestTicket(
  client: ApiClient,
  filename: string,
): Promise<{ ticket: Ticket; ms: number }> {
  const { data, ms } = await gql<{ requestFileUploadUrl: Ticket }>(client, TICKET_QUERY, { filename });
  return { ticket: data.requestFileUploadUrl, ms };
}

export async function partEntityId(client: ApiClient, partId: number): Promise<number> {
  const { data } = await gql<{ part: { entity: { id: number } } | null }>(
    client,
    'query BenchPartEntity($id: ID!) { part(id: $id) { entity { id } } }',
    { id: partId },
  );
  if (!data.part) throw new Error(`part ${partId} not found`);
  return data.part.entity.id;
}

export async function register(
  client: ApiClient,
  input: { filename: string; s3Key: string; s3Etag: string; entityId: number },
): Promise<{ id: number; ms: number }> {
  const { data, ms } = await gql<{ createFileAttachment: { fileAttachment: { id: number } } }>(
    client,
    REGISTER_MUTATION,
    { input: { ...input, validateUpload: true } },
  );
  return { id: data.createFileAttachment.fileAttachment.id, ms };
}

/** PUT with Node's fetch; returns the unquoted ETag and the time. */
export async function putBytes(
  ticket: Ticket,
  body: Uint8Array<ArrayBuffer>,
): Promise<{ etag: string; ms: number }> {
  const start = now();
  const response = await fetch(ticket.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': ticket.contentType },
    body,
  });
  await response.arrayBuffer();
  const ms = now() - start;
  if (!response.ok) throw new Error(`storage PUT answered ${response.status}`);
  return { etag: (response.headers.get('etag') ?? '').replace(/"/g, ''), ms };
}

/** Ticket, PUT and registration of `body` as `filename` on `entityId`, as the app does; each step's time. */
export async function attachBytes(
  client: ApiClient,
  body: Uint8Array<ArrayBuffer>,
  entityId: number,
  filename: string,
): Promise<{ id: number; ticketMs: number; putMs: number; registerMs: number }> {
  const { ticket, ms: ticketMs } = await requestTicket(client, filename);
  const put = await putBytes(ticket, body);
  const registration = await register(client, { filename, s3Key: ticket.s3Key, s3Etag: put.etag, entityId });
  return { id: registration.id, ticketMs, putMs: put.ms, registerMs: registration.ms };
}

/** `jobs` attached `concurrency` at a time (each as `attachBytes`); the wall time in ms. */
export async function attachMany(
  client: ApiClient,
  body: Uint8Array<ArrayBuffer>,
  jobs: { entityId: number; filename: string }[],
  concurrency: number,
): Promise<number> {
  const start = now();
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      await attachBytes(client, body, job.entityId, job.filename);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return now() - start;
}

/** `curl -T` of a file to the ticket's URL; curl's own total time and the unquoted ETag. */
export async function curlPut(ticket: Ticket, file: string): Promise<{ etag: string; ms: number }> {
  await run('curl', ['--version']).catch(() => {
    throw new NotReady('curl is not installed');
  });
  const { stdout } = await run(
    'curl',
    [
      '-sS',
      '-T',
      file,
      '-H',
      `Content-Type: ${ticket.contentType}`,
      '-D',
      '-',
      '-o',
      '/dev/null',
      '-w',
      '\nTIME %{time_total} %{http_code}\n',
      ticket.uploadUrl,
    ],
    { maxBuffer: 1024 * 1024 },
  );
  const timing = /TIME ([\d.]+) (\d+)/.exec(stdout);
  if (!timing || timing[2] !== '200') throw new Error(`curl PUT failed: ${stdout.slice(-300)}`);
  const etag = /^etag:\s*"?([^"\r\n]+)"?/im.exec(stdout)?.[1] ?? '';
  return { etag, ms: Number(timing[1]) * 1000 };
}

/** File names attached to a part (every attachment, one entry each, so a file attached twice shows twice). */
export async function partAttachmentNames(client: ApiClient, partId: number): Promise<string[]> {
  const { data } = await gql<{ part: { entity: { fileAttachments: { filename: string }[] } } | null }>(
    client,
    'query BenchPartAttachments($id: ID!) { part(id: $id) { entity { fileAttachments { filename } } } }',
    { id: partId },
  );
  if (!data.part) throw new Error(`part ${partId} not found`);
  return data.part.entity.fileAttachments.map((a) => a.filename);
}

/** `count` files named `prefix-0000.bin`… attached to one record, `concurrency` at a time; wall time, ms. */
export function attachAll(
  client: ApiClient,
  body: Uint8Array<ArrayBuffer>,
  entityId: number,
  prefix: string,
  count: number,
  concurrency: number,
): Promise<number> {
  const jobs = Array.from({ length: count }, (_, n) => ({
    entityId,
    filename: `${prefix}-${String(n).padStart(4, '0')}.bin`,
  }));
  return attachMany(client, body, jobs, concurrency);
}
