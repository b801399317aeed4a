import { getIntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageService } from '../src/contracts.ts';
import { CREATE_ATTACHMENT, requestTicket, type Loose } from './harness.ts';
import { useGraphQLHandler, useSandbox, type SharedSandbox } from './use-sandbox.ts';

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
      message:
        'The response would be larger than 2048 bytes; page with first/after (at most 100 items a page) or ask for fewer fields',
      extensions: { code: 'RESPONSE_TOO_LARGE' },
    });
    const few = await small.gql('{ parts(first: 2) { edges { node { id } } } }');
    expect(few.data?.parts.edges).toHaveLength(2);
  });
});

describe('introspection and aliases', () => {
  const api = useSandbox();
  const FULL_SCHEMA = getIntrospectionQuery().replace(/^\s*query IntrospectionQuery\s*/, '');

  it('answers one full introspection, as GraphiQL and code generators send it', async () => {
    const res = await api.gql(getIntrospectionQuery());
    expect(res.errors).toBeUndefined();
    expect(res.data?.__schema.types.length).toBeGreaterThan(50);
  });

  it('counts introspection fields like any other: a few copies of the schema are refused', async () => {
    // Aliases of one `__schema` selection, each counted in full: within the alias limit, not within the cost.
    const copies = `{ __schema { ${Array.from({ length: 8 }, (_, i) => `t${i}: types { ...FullType }`).join(' ')} } }`;
    const fragments = FULL_SCHEMA.slice(FULL_SCHEMA.indexOf('fragment FullType'));
    const res = await api.gql(`${copies}\n${fragments}`);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/^Query is too complex: estimated cost \d+ exceeds the limit/);
  });

  it('refuses a thousand aliases of a full introspection', async () => {
    const body = FULL_SCHEMA.slice(0, FULL_SCHEMA.indexOf('fragment FullType'));
    const fragments = FULL_SCHEMA.slice(FULL_SCHEMA.indexOf('fragment FullType'));
    const inner = body.trim().slice(1, -1); // `__schema { ... }`
    const res = await api.gql(`${aliases(1000, inner)}\n${fragments}`);
    expect(res.data).toBeUndefined();
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_COMPLEX', 'TOO_MANY_ALIASES']);
  });

  it('refuses 5,000 __typename aliases, and takes 100', async () => {
    const flood = await api.gql(aliases(5000, '__typename'));
    expect(flood.data).toBeUndefined();
    expect(flood.errors).toEqual([
      {
        message:
          'Too many aliases: the operation has 5000, the limit is 100; ask for each field once, or send several requests',
        extensions: { code: 'TOO_MANY_ALIASES' },
        locations: [{ line: 1, column: 1 }],
      },
    ]);
    const hundred = await api.gql(aliases(100, '__typename'));
    expect(hundred.errors).toBeUndefined();
    expect(hundred.data?.a99).toBe('Query');
  });
});

describe('a response passing the size cap', () => {
  // Storage that signs one URL per turn of the event loop, and counts how many it has signed.
  let signed = 0;
  let turns = Promise.resolve('');
  const storage: StorageService = {
    enforcesMaxUploadBytes: true,
    handle: () => Promise.resolve(false),
    presignPut: (key) => Promise.resolve(`http://storage.test/${key}`),
    presignGet: (key) => {
      turns = turns
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          signed += 1;
          return `http://storage.test/${key}?X-Amz-Signature=${'f'.repeat(300)}`;
        });
      return turns;
    },
    head: () => Promise.resolve(null),
    delete: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const graphql = useGraphQLHandler(storage, { maxResponseBytes: 4000 });

  it('stops being built: storage is not asked for the URLs that would not be sent', async () => {
    const run = (await (await graphql.fetch('{ run(id: 1) { entity { id } } }')).json()) as Loose;
    const entityId = run.data.run.entity.id as number;
    for (let i = 0; i < 100; i += 1) {
      const ticket = (await (
        await graphql.fetch('query T($f: String!) { requestFileUploadUrl(filename: $f) { s3Key } }', {
          f: `reading-${i}.txt`,
        })
      ).json()) as Loose;
      const input = {
        filename: `reading-${i}.txt`,
        s3Key: ticket.data.requestFileUploadUrl.s3Key,
        s3Etag: 'x',
        entityId,
      };
      await graphql.fetch(CREATE_ATTACHMENT, { input });
    }
    signed = 0;
    const res = await graphql.fetch('{ run(id: 1) { fileAttachments { downloadUrl } } }');
    const signedBeforeTheAnswer = signed;
    expect(await res.json()).toMatchObject({
      errors: [
        {
          message:
            'The response would be larger than 4000 bytes; page with first/after (at most 100 items a page) or ask for fewer fields',
          extensions: { code: 'RESPONSE_TOO_LARGE' },
        },
      ],
    });
    // About 4000 / 350 URLs fit; the other ninety are never waited for.
    expect(signedBeforeTheAnswer).toBeLessThan(20);
  });
});
