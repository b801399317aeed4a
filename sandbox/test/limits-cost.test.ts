import { beforeAll, describe, expect, it } from 'vitest';
import { CREATE_ATTACHMENT, requestTicket } from './harness.ts';
import { useSandbox, type SharedSandbox } from './use-sandbox.ts';

const ATTACHMENTS = 200;

/** Registers `count` attachments on run 1 (registration needs the ticket, not the bytes). */
async function attachMany(api: SharedSandbox, count: number): Promise<void> {
  const run = await api.gql('{ run(id: 1) { entity { id } } }');
  const entityId = run.data?.run.entity.id as string;
  const token = await api.token('technician');
  for (let i = 0; i < count; i += 1) {
    const filename = `reading-${i}.txt`;
    const { s3Key } = await requestTicket(api.url, token, filename);
    const input = { filename, s3Key, s3Etag: 'd41d8cd98f00b204e9800998ecf8427e', entityId };
    const created = await api.gql(CREATE_ATTACHMENT, { input });
    expect(created.errors).toBeUndefined();
  }
}

const aliases = (count: number, body: string) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${body}`).join(' ')} }`;

describe('the cost limit cannot be talked around', () => {
  const api = useSandbox();
  const asViewer = (query: string, variables?: Record<string, unknown>) =>
    api.gql(query, variables, 'viewer');

  beforeAll(() => attachMany(api, ATTACHMENTS), 120_000);

  it('refuses a negative page size instead of subtracting its cost', async () => {
    const res = await asViewer(
      `{ few: parts(first: -100000) { edges { node { id } } }
         ${aliases(60, 'parts(first: 100) { edges { node { id partNumber description } } }').slice(1, -1)} }`,
    );
    expect(res.data).toBeUndefined();
    expect(res.errors?.map((e) => e.message)).toContain(
      'first must be between 0 and 100 (got -100000); page with after/before',
    );
  });

  it('refuses a negative page size given as a variable', async () => {
    const res = await asViewer('query P($n: Int) { parts(first: $n) { edges { node { id } } } }', {
      n: -1,
    });
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toBe('first must be between 0 and 100 (got -1); page with after/before');
  });

  it('counts every __typename alias', async () => {
    const res = await asViewer(aliases(30_000, '__typename'));
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/^Query is too complex: estimated cost 30000 exceeds the limit/);
  });

  it('prices a plain list by the longest one stored, not a fixed guess', async () => {
    // 600 × a run's 200 attachments is 240,000 fields; a guess of 10 per list priced it at 13,200.
    const res = await asViewer(aliases(600, 'run(id: 1) { fileAttachments { id filename } }'));
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/^Query is too complex/);
  });

  it('refuses 30 aliases of 200 signed download URLs', async () => {
    const res = await asViewer(aliases(30, 'run(id: 1) { fileAttachments { downloadUrl } }'));
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/^Query is too complex/);
  });

  it('answers other requests while it signs many URLs', async () => {
    // 10 × 200 URLs is within the limit; the server must still answer /healthz between signatures.
    let signed = false;
    const heavy = asViewer(aliases(10, 'run(id: 1) { fileAttachments { downloadUrl } }')).then((res) => {
      signed = true;
      return res;
    });
    let answeredMeanwhile = 0;
    while (!signed) {
      const health = await fetch(`${api.url}/healthz`);
      expect(health.status).toBe(200);
      if (!signed) answeredMeanwhile += 1;
    }
    const res = await heavy;
    expect(res.errors).toBeUndefined();
    expect(res.data?.a9.fileAttachments).toHaveLength(ATTACHMENTS);
    console.log(
      `[limits] /healthz answered ${answeredMeanwhile} times while ${10 * ATTACHMENTS} URLs were signed`,
    );
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(5);
  });
});

describe('the response size cap', () => {
  const small = useSandbox({ maxResponseBytes: 2048 });

  it('replaces a response over the cap with an error', async () => {
    const res = await small.gql(
      '{ parts(first: 40) { edges { node { id partNumber description _created } } } }',
    );
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]).toMatchObject({
      message: 'The response would be larger than 2048 bytes; ask for fewer items or fields',
      extensions: { code: 'RESPONSE_TOO_LARGE' },
    });
    const few = await small.gql('{ parts(first: 2) { edges { node { id } } } }');
    expect(few.data?.parts.edges).toHaveLength(2);
  });
});
