import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../src/db/database.ts';
import type { Connection } from '../src/db/connections.ts';
import { useSandbox } from './use-sandbox.ts';

/**
 * Part search over HTTP, the way the app asks (or_ of ilike on part number and description, sorted by
 * part number, 25 a page), checked against a LIKE written here in JavaScript over every part: the
 * trigram index (migration 2) may only make it faster, never change an answer.
 */

interface Part {
  id: number;
  partNumber: string;
  description: string | null;
}
type PartsPage = Connection<Part>;

const PARTS = `query Parts($filters: PartsInputFilters, $sort: [PartSortEnum], $first: Int, $after: String,
    $last: Int, $before: String) {
  parts(filters: $filters, sort: $sort, first: $first, after: $after, last: $last, before: $before) {
    edges { cursor node { id partNumber description } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor totalCount }
  }
}`;
const SORT = ['PART_NUMBER_ASC'];
const PAGE = 25;

/** What the app sends for a search term (src/features/parts/partsSearch.ts, likeContains). */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const appFilter = (pattern: string) => ({
  or_: [{ partNumber: { ilike: pattern } }, { description: { ilike: pattern } }],
});

/**
 * SQL LIKE with ESCAPE '\' as SQLite runs it: `_` is one character, and ilike ignores the case of
 * ASCII letters only (É and é differ). `like` is the same, case-sensitive.
 */
function likeMatcher(pattern: string, ignoreAsciiCase: boolean): (value: string | null) => boolean {
  const chars = [...pattern];
  let source = '';
  for (let i = 0; i < chars.length; i++) {
    let ch = chars[i]!;
    if (ch === '%') source += '.*';
    else if (ch === '_') source += '.';
    else {
      if (ch === '\\' && i + 1 < chars.length) ch = chars[++i]!;
      source +=
        ignoreAsciiCase && /^[A-Za-z]$/.test(ch)
          ? `[${ch.toLowerCase()}${ch.toUpperCase()}]`
          : ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  const re = new RegExp(`^${source}$`, 'su');
  return (value) => value !== null && re.test(value);
}

/** Parts with the characters a search must treat as text: %, _, \, ", non-ASCII letters, emoji. */
const EXTRA_PARTS: [string, string | null][] = [
  ['BRKT_01', 'Bracket, 50% scale model'],
  ['BRKT-01', 'Bracket, underscore-free twin of BRKT_01'],
  ['SPCR-%50', 'Spacer with a percent sign in its number'],
  ['PATH\\A1', 'Fixture kept in C:\\tools\\fixtures'],
  ['QUOTE"9', 'Says "hello" to the floor'],
  ['ÉCROU-01', 'Écrou, stainless (nut)'],
  ['KELVIN-1', 'Heat sink, rated 300 \u212A'],
  ['EMOJI-🚀01', 'Rocket 🚀🚀 mount'],
  ['MIXED-Case', 'MiXeD cAsE description'],
  ['NODESC-1', null],
];

describe('part search (trigram index) gives exactly what a plain scan gives', () => {
  let dataDir = '';
  /** Every part, in PART_NUMBER_ASC order as the sandbox sorts it. */
  let all: Part[];

  // Registered first, so it runs after the sandbox stops.
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // The extra parts go in after the seed, through plain SQL: the index triggers must pick them up.
  const api = useSandbox(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-search-'));
    const db = openDatabase(dataDir, { seedParts: 400 });
    const entity = db.prepare("INSERT INTO entities (type) VALUES ('part')");
    const insert = db.prepare(`INSERT INTO parts (part_number, revision, description, part_type,
      created_by, created_at, updated_at, entity_id) VALUES (?, 'A', ?, 'PART', 1, ?, ?, ?)`);
    const at = new Date().toISOString();
    for (const [partNumber, description] of EXTRA_PARTS) {
      insert.run(partNumber, description, at, at, entity.run().lastInsertRowid);
    }
    db.close();
    return { dataDir };
  });

  async function parts(variables: Record<string, unknown>): Promise<PartsPage> {
    const res = await api.gql<{ parts: PartsPage }>(PARTS, { sort: SORT, ...variables });
    if (!res.data?.parts) throw new Error(JSON.stringify(res.errors));
    return res.data.parts;
  }

  /** Pages forward with cursors to the end; checks the counts and flags on the way. */
  async function everyPage(filters: unknown, first = PAGE): Promise<{ ids: number[]; totalCount: number }> {
    const ids: number[] = [];
    let after: string | null = null;
    let totalCount = -1;
    for (;;) {
      const page: PartsPage = await parts({ filters, first, after });
      if (totalCount === -1) totalCount = page.pageInfo.totalCount;
      expect(page.pageInfo.totalCount).toBe(totalCount);
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      ids.push(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      expect(page.edges).toHaveLength(first);
      after = page.pageInfo.endCursor;
    }
    return { ids, totalCount };
  }

  const expected = (test: (p: Part) => boolean) => all.filter(test).map((p) => p.id);

  beforeAll(async () => {
    all = [];
    let after: string | null = null;
    do {
      const page: PartsPage = await parts({ first: 100, after });
      all.push(...page.edges.map((e) => e.node));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(all).toHaveLength(400 + EXTRA_PARTS.length);
  });

  const TERMS = [
    'SHFT-201', // part numbers only
    'engine mount', // descriptions only
    'gage', // both: GAGE-2001 is a "Gage, ..."
    'zzzz', // nothing
    'BRKT_01', // escaped _ : not BRKT-01
    '50%', // escaped %
    'SPCR-%5',
    'PATH\\A', // escaped \
    '\\tools\\',
    '"hello"', // " must not end the FTS5 string
    'QUOTE"9',
    'K', // 1 and 2 characters: no trigram to look up
    '21',
    '🚀', // 1 character, 2 UTF-16 units
    '🚀0', // 2 characters, 3 UTF-16 units
    'T-🚀0',
    'shft-21', // mixed case: ilike folds ASCII...
    'MiXeD cAsE',
    'écrou', // ...but not É/é (the index folds it; the LIKE must still say no)
    'ÉCROU',
    'rated 300 k', // U+212A KELVIN SIGN folds to k in the index, never in LIKE
    'inconel 71',
  ];

  it('finds for each term of the app search the same parts, in the same order, with the same count', async () => {
    for (const term of TERMS) {
      const pattern = contains(term);
      const match = likeMatcher(pattern, true);
      const want = expected((p) => match(p.partNumber) || match(p.description));
      const got = await everyPage(appFilter(pattern));
      expect({ term, ...got }).toEqual({ term, ids: want, totalCount: want.length });
    }
    // The set covers each case at least once.
    const counts = await Promise.all(
      ['SHFT-201', 'engine mount', 'gage'].map(
        async (t) => (await parts({ first: 1, filters: appFilter(contains(t)) })).pageInfo.totalCount,
      ),
    );
    expect(counts.every((c) => c > 0)).toBe(true);
  });

  it('finds parts by several words in any order: and_ of each word’s or_, as the app asks', async () => {
    for (const words of [
      ['solenoid', 'valve'],
      ['valve', 'solenoid'],
      ['rocket', 'emoji'],
      ['50%', 'brkt_'],
    ]) {
      const matchers = words.map((word) => likeMatcher(contains(word), true));
      const want = expected((p) => matchers.every((m) => m(p.partNumber) || m(p.description)));
      const got = await everyPage({ and_: words.map((word) => appFilter(contains(word))) });
      expect({ words, ...got }).toEqual({ words, ids: want, totalCount: want.length });
    }
    const valve = await everyPage({ and_: ['solenoid', 'valve'].map((w) => appFilter(contains(w))) });
    const described = all.filter((p) => valve.ids.includes(p.id)).map((p) => p.description);
    expect(described).toContainEqual(expect.stringMatching(/^Valve, solenoid/));
    // The whole phrase, as one pattern, finds nothing: that is why the app splits it into words.
    expect((await everyPage(appFilter(contains('solenoid valve')))).totalCount).toBe(0);
  });

  it('matches patterns with wildcards in the middle, on either field, with like and ilike', async () => {
    const patterns = [
      '%BR%01%',
      '%br_t%01%',
      '%SHFT%21%',
      '%eng_ne%mount%',
      '%Br_cket%scale%',
      '_HFT-21%',
      '%PATH\\\\%',
      '%\\%%',
      '%\\_%',
      '%🚀_1%',
      '%É%01%',
      'SHFT-21%', // a prefix: SQLite's LIKE optimisation on the B-tree index, as before
      '%',
    ];
    for (const pattern of patterns) {
      for (const field of ['partNumber', 'description'] as const) {
        for (const op of ['ilike', 'like'] as const) {
          const match = likeMatcher(pattern, op === 'ilike');
          const want = expected((p) => match(p[field]));
          const got = await everyPage({ [field]: { [op]: pattern } }, 100);
          expect({ pattern, field, op, ...got }).toEqual({
            pattern,
            field,
            op,
            ids: want,
            totalCount: want.length,
          });
        }
      }
    }
  });

  it('keeps notlike and notilike the complement of like and ilike', async () => {
    for (const pattern of ['%SHFT-21%', '%shft-21%', '%BRKT\\_01%', '%🚀0%']) {
      for (const [op, not, ignoreCase] of [
        ['ilike', 'notilike', true],
        ['like', 'notlike', false],
      ] as const) {
        const match = likeMatcher(pattern, ignoreCase);
        const filters = { description: { [not]: pattern }, partNumber: { [not]: pattern } };
        const want = expected((p) => !match(p.description) && !match(p.partNumber));
        expect((await everyPage(filters, 100)).ids).toEqual(want);
        const positive = await parts({ first: 1, filters: { partNumber: { [op]: pattern } } });
        const negative = await parts({ first: 1, filters: { partNumber: { [not]: pattern } } });
        expect(positive.pageInfo.totalCount + negative.pageInfo.totalCount).toBe(all.length);
      }
    }
  });

  it('pages through a search with cursors both ways and gets the same rows as one big page', async () => {
    const filters = appFilter(contains('engine mount'));
    const whole = await parts({ filters, first: 100 });
    expect(whole.pageInfo.totalCount).toBeGreaterThan(PAGE * 1.5);
    expect(whole.pageInfo.totalCount).toBeLessThanOrEqual(100);
    const ids = whole.edges.map((e) => e.node.id);
    expect((await everyPage(filters)).ids).toEqual(ids);

    const backward: number[] = [];
    let before: string | null = null;
    for (;;) {
      const page: PartsPage = await parts({ filters, last: PAGE, before });
      expect(page.pageInfo.hasNextPage).toBe(before !== null);
      backward.unshift(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(backward).toEqual(ids);
  });

  it('sees parts inserted, changed and deleted while it runs', async () => {
    const db = new Database(path.join(dataDir, DATABASE_FILE));
    try {
      const search = async (term: string) =>
        (await everyPage(appFilter(contains(term)))).ids.map(
          (id) => all.find((p) => p.id === id)?.partNumber ?? id,
        );
      const entityId = db.prepare("INSERT INTO entities (type) VALUES ('part')").run().lastInsertRowid;
      const at = new Date().toISOString();
      const id = Number(
        db
          .prepare(
            `INSERT INTO parts (part_number, revision, description, part_type, created_by, created_at,
            updated_at, entity_id) VALUES ('LATE-0001', 'A', 'Widget, late addition', 'PART', 1, ?, ?, ?)`,
          )
          .run(at, at, entityId).lastInsertRowid,
      );
      const found = await everyPage(appFilter(contains('late addition')));
      expect(found.ids).toEqual([id]);

      db.prepare("UPDATE parts SET description = 'Widget, renamed' WHERE id = ?").run(id);
      expect((await everyPage(appFilter(contains('late addition')))).ids).toEqual([]);
      expect((await everyPage(appFilter(contains('WIDGET, REN')))).ids).toEqual([id]);
      db.prepare("UPDATE parts SET part_number = 'LATE-0002' WHERE id = ?").run(id);
      expect((await everyPage(appFilter(contains('late-0002')))).ids).toEqual([id]);
      expect((await everyPage(appFilter(contains('late-0001')))).ids).toEqual([]);
      // An update that leaves the indexed columns alone must leave the index alone too.
      db.prepare("UPDATE parts SET revision = 'B' WHERE id = ?").run(id);
      expect((await everyPage(appFilter(contains('late-0002')))).ids).toEqual([id]);

      db.prepare('DELETE FROM parts WHERE id = ?').run(id);
      expect((await everyPage(appFilter(contains('late-0002')))).ids).toEqual([]);
      expect(await search('SHFT-21')).toEqual(
        all.filter((p) => p.partNumber.includes('SHFT-21')).map((p) => p.partNumber),
      );
      // FTS5's own check that the index holds exactly what parts holds.
      db.exec("INSERT INTO parts_search (parts_search, rank) VALUES ('integrity-check', 1)");
    } finally {
      db.close();
    }
  });
});
