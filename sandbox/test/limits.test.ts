import { describe, expect, it } from 'vitest';
import { useSandbox } from './use-sandbox.ts';

describe('limits with clear errors', () => {
  const api = useSandbox();

  it('refuses queries nested deeper than the limit, before running them', async () => {
    const deep = `{ runStep(id: 1) { run { steps { run { steps { run { steps { run { steps { run { steps { id } } } } } } } } } } } }`;
    const res = await api.gql(deep);
    expect(res.status).toBe(200);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/^Query is too deep: depth \d+ exceeds the limit of 10/);
  });

  it('counts depth through fragments', async () => {
    const res = await api.gql(
      `fragment R on Run { steps { run { steps { run { steps { run { steps { run { steps { id } } } } } } } } } }
       { runStep(id: 1) { run { ...R } } }`,
    );
    expect(res.errors?.[0]?.message).toMatch(/too deep/);
  });

  it('refuses queries whose estimated size is too large', async () => {
    const res = await api.gql(
      `{ parts(first: 100) { edges { node { ${Array.from({ length: 300 }, (_, i) => `f${i}: partNumber`).join(' ')} } } } }`,
    );
    expect(res.errors?.[0]?.message).toMatch(/^Query is too complex: estimated cost \d+ exceeds the limit/);
  });

  it('lets a normal page of parts with attachments through', async () => {
    const res = await api.gql(
      `{ parts(first: 100) { edges { node { id partNumber description entity { id fileAttachments { id filename } } } } } }`,
    );
    expect(res.errors).toBeUndefined();
  });

  it('caps first at 100', async () => {
    const res = await api.gql('{ parts(first: 1000) { edges { node { id } } } }');
    expect(res.errors?.[0]?.message).toBe(
      'first must be between 0 and 100 (got 1000); page with after/before',
    );
  });

  it('limits filenames to 255 characters', async () => {
    const res = await api.gql('query T($f: String!) { requestFileUploadUrl(filename: $f) { s3Key } }', {
      f: 'x'.repeat(256),
    });
    expect(res.errors?.[0]?.message).toBe('filename is 256 characters long; the limit is 255');
  });

  it('refuses a GraphQL request body over 1 MiB with 413', async () => {
    const res = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await api.token('technician')}`,
      },
      body: JSON.stringify({ query: `{ me { id } } # ${'x'.repeat(1024 * 1024)}` }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]?.message).toMatch(
      /larger than/,
    );
  });
});

describe('seeding 100,000 parts', () => {
  const big = useSandbox({ seedParts: 100_000 }, { timeoutMs: 120_000 });

  // How fast is measured by `npm run bench` (catalogue), not asserted here: these machines are shared.
  it('starts with them and pages and searches them', async () => {
    const started = performance.now();
    const res = await big.gql(
      `{ parts(first: 50, sort: [PART_NUMBER_DESC], filters: { description: { ilike: "%LOX feed%" } }) {
          edges { node { partNumber } } pageInfo { totalCount hasNextPage } } }`,
    );
    const ms = performance.now() - started;
    console.log(`[limits] filtered, sorted page over 100,000 parts in ${ms.toFixed(0)} ms`);
    expect(res.data?.parts.pageInfo.totalCount).toBeGreaterThan(1000);
    expect(res.data?.parts.edges).toHaveLength(50);
    const total = await big.gql('{ parts(first: 1) { pageInfo { totalCount } } }');
    expect(total.data?.parts.pageInfo.totalCount).toBe(100_000);
  });
});
