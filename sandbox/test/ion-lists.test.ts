import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentialsToken, gql, startSandbox, type TestSandbox } from './harness.ts';

// ION answers a list asked for without `first` with everything (or times out); the sandbox does the
// same within its response-size cap, and when the cap refuses, says how to page.
describe('lists asked for without first', () => {
  let sandbox: TestSandbox;
  let token: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ seedParts: 150, maxResponseBytes: 16 * 1024 });
    token = await clientCredentialsToken(sandbox.url, 'viewer');
  });
  afterAll(() => sandbox.stop());

  it('returns every record, with nothing left to page', async () => {
    const res = await gql(
      sandbox.url,
      token,
      '{ parts { edges { node { id } } pageInfo { hasNextPage hasPreviousPage count totalCount } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.parts.edges).toHaveLength(150);
    expect(res.data?.parts.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      count: 150,
      totalCount: 150,
    });
  });

  it('returns everything after a cursor, and still pages with first', async () => {
    const page = await gql(
      sandbox.url,
      token,
      '{ parts(first: 100) { pageInfo { endCursor hasNextPage } } }',
    );
    expect(page.data?.parts.pageInfo.hasNextPage).toBe(true);
    const rest = await gql(
      sandbox.url,
      token,
      'query R($after: String) { parts(after: $after) { edges { node { id } } } }',
      {
        after: page.data?.parts.pageInfo.endCursor,
      },
    );
    expect(rest.data?.parts.edges.map((e: { node: { id: number } }) => e.node.id)).toEqual(
      Array.from({ length: 50 }, (_, i) => 101 + i),
    );
  });

  it('refuses a response over the size cap with how to page', async () => {
    const res = await gql(
      sandbox.url,
      token,
      '{ parts { edges { node { id partNumber description supplierPartNumber _created _updated } } } }',
    );
    expect(res.status).toBe(200);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.extensions?.code).toBe('RESPONSE_TOO_LARGE');
    expect(res.errors?.[0]?.message).toBe(
      `The response would be larger than ${16 * 1024} bytes; page with first/after (at most 100 items a page) or ask for fewer fields`,
    );
  });
});
