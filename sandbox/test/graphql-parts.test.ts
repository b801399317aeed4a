import { describe, expect, it } from 'vitest';
import type { Connection } from '../src/db/connections.ts';
import { useSandbox } from './use-sandbox.ts';

interface PartNode {
  id: number;
  partNumber: string;
  description: string;
  revision: string;
  partType: string;
  trackingType: string;
  entityId: number;
}
type PartsPage = Connection<PartNode>;

const PARTS = `query Parts($filters: PartsInputFilters, $sort: [PartSortEnum], $first: Int, $after: String,
    $last: Int, $before: String) {
  parts(filters: $filters, sort: $sort, first: $first, after: $after, last: $last, before: $before) {
    edges { cursor node { id partNumber description revision partType trackingType entityId } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor count totalCount }
  }
}`;

describe('parts: filters, sorting and paging', () => {
  const SEEDED = 120;
  const api = useSandbox({ seedParts: SEEDED });

  async function parts(variables: Record<string, unknown>): Promise<PartsPage> {
    const res = await api.gql<{ parts: PartsPage }>(PARTS, variables);
    if (!res.data?.parts) throw new Error(JSON.stringify(res.errors));
    return res.data.parts;
  }
  const numbers = (page: PartsPage) => page.edges.map((e) => e.node.partNumber);

  it('pages forward with first/after by id by default, with counts', async () => {
    /** The page holds `count` parts by id from `first` on, of all SEEDED, with pages after and before it or not. */
    const expectPage = (page: PartsPage, first: number, count: number, next: boolean, previous: boolean) => {
      expect(page.edges.map((e) => e.node.id)).toEqual(Array.from({ length: count }, (_, i) => i + first));
      expect(page.pageInfo).toMatchObject({
        hasNextPage: next,
        hasPreviousPage: previous,
        count,
        totalCount: SEEDED,
      });
    };
    const page1 = await parts({ first: 50 });
    expectPage(page1, 1, 50, true, false);
    const page3 = await parts({
      first: 50,
      after: (await parts({ first: 50, after: page1.pageInfo.endCursor })).pageInfo.endCursor,
    });
    expectPage(page3, 101, 20, false, true);
  });

  it('pages backward with last/before', async () => {
    const tail = await parts({ last: 10 });
    expect(tail.edges.map((e) => e.node.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 111));
    expect(tail.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    const before = await parts({ last: 5, before: tail.pageInfo.startCursor });
    expect(before.edges.map((e) => e.node.id)).toEqual([106, 107, 108, 109, 110]);
    expect(before.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it('caps first and last at 100 with a clear error', async () => {
    for (const args of [{ first: 101 }, { last: 500 }, { first: -1 }]) {
      const res = await api.gql(PARTS, args);
      expect(res.status).toBe(200);
      expect(res.errors?.[0]?.message).toMatch(/must be between 0 and 100/);
    }
    expect((await parts({ first: 100 })).edges).toHaveLength(100);
  });

  it('refuses a cursor that is not one of ours', async () => {
    const res = await api.gql(PARTS, { first: 5, after: 'garbage' });
    expect(res.errors?.[0]?.message).toMatch(/Invalid after cursor/);
  });

  it('sorts by part number both ways and pages through a sorted list without gaps or repeats', async () => {
    const asc = await parts({ first: 100, sort: ['PART_NUMBER_ASC'] });
    expect(numbers(asc)).toEqual([...numbers(asc)].sort());
    const desc = await parts({ first: 10, sort: ['PART_NUMBER_DESC'] });
    expect(numbers(desc)).toEqual([...numbers(desc)].sort().reverse());
    const seen: number[] = [];
    let after: string | null = null;
    do {
      const page: PartsPage = await parts({ first: 7, after, sort: ['DESCRIPTION_ASC'] });
      seen.push(...page.edges.map((e) => e.node.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toHaveLength(SEEDED);
    expect(new Set(seen).size).toBe(SEEDED);
  });

  it('refuses a cursor from a different sort order', async () => {
    const page = await parts({ first: 5, sort: ['PART_NUMBER_ASC'] });
    const res = await api.gql(PARTS, {
      first: 5,
      after: page.pageInfo.endCursor,
      sort: ['ID_DESC'],
    });
    expect(res.errors?.[0]?.message).toMatch(/same sort order/);
  });

  it('filters with eq, neq, in, gt/lte and isnull on ids', async () => {
    expect(numbers(await parts({ filters: { id: { eq: '1' } } }))).toEqual(['BRKT-0001']);
    const neq = await parts({ first: 1, filters: { id: { neq: 1 } } });
    expect(neq.pageInfo.totalCount).toBe(SEEDED - 1);
    const inIds = await parts({ filters: { id: { in: ['2', '3', '5'] } } });
    expect(inIds.edges.map((e) => e.node.id)).toEqual([2, 3, 5]);
    const range = await parts({ filters: { id: { gt: 10, lte: 15 } } });
    expect(range.edges.map((e) => e.node.id)).toEqual([11, 12, 13, 14, 15]);
    expect((await parts({ filters: { description: { isnull: true } } })).pageInfo.totalCount).toBe(0);
  });

  it('like is case-sensitive and ilike is not', async () => {
    const like = await parts({ filters: { partNumber: { like: 'BRKT-%' } } });
    expect(like.pageInfo.totalCount).toBeGreaterThan(2);
    expect(like.edges.every((e) => e.node.partNumber.startsWith('BRKT-'))).toBe(true);
    expect((await parts({ filters: { partNumber: { like: 'brkt-%' } } })).pageInfo.totalCount).toBe(0);
    const ilike = await parts({ filters: { partNumber: { ilike: 'brkt-%' } } });
    expect(ilike.pageInfo.totalCount).toBe(like.pageInfo.totalCount);
    const notlike = await parts({ first: 1, filters: { partNumber: { notlike: 'BRKT-%' } } });
    expect(notlike.pageInfo.totalCount).toBe(SEEDED - like.pageInfo.totalCount);
    const notilike = await parts({ first: 1, filters: { partNumber: { notilike: 'brkt-%' } } });
    expect(notilike.pageInfo.totalCount).toBe(SEEDED - like.pageInfo.totalCount);
  });

  it('treats % and _ as wildcards and matches inside descriptions', async () => {
    const res = await parts({ filters: { description: { ilike: '%engine mount%' } } });
    expect(res.pageInfo.totalCount).toBeGreaterThan(0);
    expect(res.edges.every((e) => /engine mount/i.test(e.node.description))).toBe(true);
    const single = await parts({ filters: { partNumber: { like: 'BRKT-000_' } } });
    expect(numbers(single)).toEqual(['BRKT-0001', 'BRKT-0002']);
  });

  it('filters enums (partType, trackingType) and revision', async () => {
    const tools = await parts({ filters: { partType: { eq: 'TOOL' } } });
    expect(tools.pageInfo.totalCount).toBeGreaterThan(0);
    expect(tools.edges.every((e) => e.node.partType === 'TOOL')).toBe(true);
    const lot = await parts({
      first: 100,
      filters: { trackingType: { eq: 'LOT' }, revision: { in: ['A', 'B'] } },
    });
    expect(
      lot.edges.every((e) => e.node.trackingType === 'LOT' && ['A', 'B'].includes(e.node.revision)),
    ).toBe(true);
  });

  it('combines filters with or_ and and_', async () => {
    const either = await parts({
      filters: { or_: [{ partNumber: { eq: 'BRKT-0001' } }, { partNumber: { eq: 'TL-0001' } }] },
    });
    expect(numbers(either).sort()).toEqual(['BRKT-0001', 'TL-0001']);
    const both = await parts({
      filters: {
        and_: [{ partNumber: { ilike: 'brkt%' } }, { revision: { eq: 'C' } }],
        partType: { eq: 'PART' },
      },
    });
    expect(both.edges.every((e) => e.node.partNumber.startsWith('BRKT') && e.node.revision === 'C')).toBe(
      true,
    );
    expect(numbers(both)).toContain('BRKT-0001');
  });

  it('filters by entityId', async () => {
    const one = await parts({ filters: { id: { eq: 7 } } });
    const entityId = one.edges[0]!.node.entityId;
    const byEntity = await parts({ filters: { entityId: { eq: entityId } } });
    expect(byEntity.edges.map((e) => e.node.id)).toEqual([7]);
  });

  it('treats filter values as data, never as SQL', async () => {
    const res = await parts({ filters: { partNumber: { eq: "x' OR '1'='1" } } });
    expect(res.pageInfo.totalCount).toBe(0);
    const badId = await api.gql(PARTS, { filters: { id: { eq: '1 OR 1=1' } } });
    expect(badId.status).toBe(200);
    expect(badId.errors?.[0]?.message).toMatch(/not a valid id/);
  });

  it('lists runs and procedures as connections with filters and sort', async () => {
    const res = await api.gql(
      `{ runs(first: 3, sort: [TITLE_ASC], filters: { status: { in: [TODO, IN_PROGRESS] } }) {
          edges { node { id title status } } pageInfo { count totalCount hasNextPage } }
        procedures(filters: { type: { eq: BUILD } }) { edges { node { type } } pageInfo { totalCount } } }`,
    );
    const runs = res.data?.runs;
    expect(runs.pageInfo.count).toBe(3);
    expect(
      runs.edges.every((e: { node: { status: string } }) => ['TODO', 'IN_PROGRESS'].includes(e.node.status)),
    ).toBe(true);
    const titles = runs.edges.map((e: { node: { title: string } }) => e.node.title);
    expect(titles).toEqual([...titles].sort());
    expect(res.data?.procedures.pageInfo.totalCount).toBeGreaterThan(0);
    expect(res.data?.procedures.edges.every((e: { node: { type: string } }) => e.node.type === 'BUILD')).toBe(
      true,
    );
  });
});
