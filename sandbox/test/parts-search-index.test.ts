import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connection, type Connection } from '../src/db/connections.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Db } from '../src/db/db.ts';
import { compileFilters } from '../src/db/filters.ts';
import { migrate } from '../src/db/migrations.ts';
import { PARTS, type RecordTable } from '../src/db/record-tables.ts';

/** The trigram index at the database layer: equivalence with a plain scan, query plans, upkeep. */

const PLAIN: RecordTable = { ...PARTS, trigramIndex: undefined };

function insertPart(db: Db, partNumber: string, description: string | null): number {
  const entityId = db.prepare("INSERT INTO entities (type) VALUES ('part')").run().lastInsertRowid;
  const at = new Date().toISOString();
  return Number(
    db
      .prepare(
        `INSERT INTO parts (part_number, revision, description, part_type, created_by, created_at,
        updated_at, entity_id) VALUES (?, 'A', ?, 'PART', 1, ?, ?, ?)`,
      )
      .run(partNumber, description, at, at, entityId).lastInsertRowid,
  );
}

const ids = (db: Db, table: RecordTable, filters: unknown): number[] => {
  const where = compileFilters(table, filters);
  return db
    .prepare(`SELECT id FROM parts WHERE ${where.sql} ORDER BY id`)
    .pluck()
    .all(...where.params) as number[];
};

const plan = (db: Db, sql: string, params: unknown[]): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
    .map((r) => r.detail)
    .join('\n');

/** FTS5's own check; rank 1 also compares the index with parts (throws "malformed" when they differ). */
const integrityCheck = (db: Db) =>
  db.exec("INSERT INTO parts_search (parts_search, rank) VALUES ('integrity-check', 1)");

describe('parts trigram index', () => {
  let dir: string;
  let db: Db;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-trigram-'));
    db = openDatabase(path.join(dir, 'main'), { seedParts: 300 });
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('comes with the seed: triggers in place and every part indexed', () => {
    const triggers = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'parts' ORDER BY name")
      .pluck()
      .all();
    expect(triggers).toEqual(['parts_search_delete', 'parts_search_insert', 'parts_search_update']);
    integrityCheck(db);
    // One row per indexed part (COUNT(*) on parts_search itself would count parts, its content).
    expect(db.prepare('SELECT COUNT(*) FROM parts_search_docsize').pluck().get()).toBe(300);
  });

  it('answers random like/ilike patterns exactly as the plain scan does', () => {
    // Deterministic pseudo-random strings over characters that test case folding (ASCII and not),
    // escapes, FTS5 quoting, characters beyond the BMP and NUL.
    let state = 20260901;
    const random = (n: number) => {
      // mulberry32: small, seedable, good enough to pick characters.
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const alphabet = [...'aAbBc1-%_\\" éÉß\u212Ak🚀\u0000'];
    const text = (max: number) =>
      Array.from({ length: random(max + 1) }, () => alphabet[random(alphabet.length)]!).join('');
    const rows: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < 400; i++) {
        const partNumber = text(10);
        const description = random(5) === 0 ? null : text(14);
        insertPart(db, partNumber, description);
        rows.push(partNumber, description ?? '');
      }
    })();
    /**
     * Mostly a stretch of some row turned into a pattern (so that many do match): a character now and
     * then becomes `_` or gets a `%` before it, ASCII letters may change case, the rest is escaped as
     * the app escapes a search term. Otherwise random text.
     */
    const makePattern = () => {
      const chars = [...rows[random(rows.length)]!];
      const start = random(chars.length);
      const stretch = random(4) ? chars.slice(start, start + 2 + random(8)) : [...text(8)];
      const flip = random(3) === 0;
      let pattern = random(4) ? '%' : '';
      for (const ch of stretch) {
        if (random(10) === 0) pattern += '%';
        if (random(10) === 0) pattern += '_';
        else if (flip && /[a-z]/i.test(ch)) pattern += random(2) ? ch.toUpperCase() : ch.toLowerCase();
        else pattern += ch.replace(/[\\%_]/g, (c) => `\\${c}`);
      }
      if (random(4)) pattern += '%';
      if (random(10) === 0) pattern += '\\'; // a trailing lone escape
      return pattern;
    };
    let indexed = 0;
    let found = 0;
    // 2,000 patterns: about ten seconds of CPU on a loaded 2-core machine (5,000 outlived 30 s there).
    for (let i = 0; i < 2000; i++) {
      const pattern = makePattern();
      const field = random(2) ? 'partNumber' : 'description';
      const op = random(2) ? 'ilike' : 'like';
      const filters = random(3)
        ? { [field]: { [op]: pattern } }
        : { or_: [{ partNumber: { [op]: pattern } }, { description: { [op]: pattern } }] };
      const expected = ids(db, PLAIN, filters);
      const usesIndex = compileFilters(PARTS, filters).sql.includes('MATCH');
      if (usesIndex) indexed++;
      if (usesIndex && expected.length > 0) found++;
      expect({ pattern, op, ids: ids(db, PARTS, filters) }).toEqual({ pattern, op, ids: expected });
    }
    // The index was really asked, and often had something to find.
    expect(indexed).toBeGreaterThan(320);
    expect(found).toBeGreaterThan(100);
  });

  it('matches the known cases of the app search exactly', () => {
    const search = (term: string) => {
      const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return { or_: [{ partNumber: { ilike: pattern } }, { description: { ilike: pattern } }] };
    };
    for (const term of ['SHFT-20', 'engine mount', 'Gage', 'é', 'ÉCROU', '"x"', '🚀0', 'a\0b', 'zzzz']) {
      expect(ids(db, PARTS, search(term))).toEqual(ids(db, PLAIN, search(term)));
    }
    expect(ids(db, PARTS, search('SHFT-20')).length).toBeGreaterThan(0);
  });

  it('uses the index for the page, the count and the cursor queries, and the B-tree for prefixes', () => {
    const pattern = '%SHFT-21%';
    const filter = compileFilters(PARTS, {
      or_: [{ partNumber: { ilike: pattern } }, { description: { ilike: pattern } }],
    });
    expect(filter.params).toEqual([
      'part_number : "SHF" AND part_number : "T-2" AND part_number : "-21"',
      pattern,
      'description : "SHF" AND description : "T-2" AND description : "-21"',
      pattern,
    ]);
    const page = plan(
      db,
      `SELECT id FROM parts WHERE ${filter.sql} ORDER BY part_number, id LIMIT 26`,
      filter.params,
    );
    const count = plan(db, `SELECT COUNT(*) FROM parts WHERE ${filter.sql}`, filter.params);
    const after = plan(
      db,
      `SELECT id FROM parts WHERE ${filter.sql} AND (part_number > ? OR (part_number IS ? AND id > ?))
        ORDER BY part_number, id LIMIT 26`,
      [...filter.params, 'SHFT-2100', 'SHFT-2100', 1],
    );
    for (const p of [page, count, after]) {
      expect(p).toMatch(/MULTI-INDEX OR/);
      expect(p).toMatch(/SCAN parts_search VIRTUAL TABLE/);
      expect(p).not.toMatch(/^SCAN parts\b/m); // no walk over every part
    }

    const prefix = compileFilters(PARTS, { partNumber: { ilike: 'SHFT-21%' } });
    expect(prefix.sql).not.toMatch(/MATCH/);
    expect(plan(db, `SELECT COUNT(*) FROM parts WHERE ${prefix.sql}`, prefix.params)).toMatch(
      /SEARCH parts USING COVERING INDEX parts_part_number_nocase/,
    );
    // Too short for a trigram: the plain LIKE, as before.
    expect(compileFilters(PARTS, { partNumber: { ilike: '%21%' } }).sql).not.toMatch(/MATCH/);
  });

  it('pages a search the same with and without the index', () => {
    const filters = { or_: [{ partNumber: { ilike: '%gage%' } }, { description: { ilike: '%gage%' } }] };
    for (const table of [PARTS, PLAIN]) {
      const seen: unknown[] = [];
      let after: string | null = null;
      do {
        const page: Connection<{ id: number }> = connection(db, table, {
          filters,
          sort: ['PART_NUMBER_ASC'],
          first: 7,
          after,
        });
        seen.push(...page.edges.map((e) => e.node.id));
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      } while (after);
      expect(seen).toEqual(
        connection<{ id: number }>(db, PLAIN, { filters, sort: ['PART_NUMBER_ASC'], first: 100 }).edges.map(
          (e) => e.node.id,
        ),
      );
    }
  });

  it('follows inserts, updates and deletes through the triggers', () => {
    const find = (term: string) => ids(db, PARTS, { description: { ilike: `%${term}%` } });
    const id = insertPart(db, 'TRIG-0001', 'Sprocket, first words');
    expect(find('first words')).toEqual([id]);
    db.prepare("UPDATE parts SET description = 'Sprocket, second words' WHERE id = ?").run(id);
    expect(find('first words')).toEqual([]);
    expect(find('second words')).toEqual([id]);
    db.prepare('UPDATE parts SET description = NULL WHERE id = ?').run(id);
    expect(find('second words')).toEqual([]);
    db.prepare("UPDATE parts SET part_number = 'TRIG-0002', description = 'third words' WHERE id = ?").run(
      id,
    );
    expect(ids(db, PARTS, { partNumber: { like: '%TRIG-0002%' } })).toEqual([id]);
    expect(find('third words')).toEqual([id]);
    db.prepare('DELETE FROM parts WHERE id = ?').run(id);
    expect(find('third words')).toEqual([]);
    integrityCheck(db);
  });

  it('migration 2 indexes the parts of a data directory made before it', () => {
    const old = openDatabase(path.join(dir, 'old'), { seedParts: 250 });
    try {
      // Back to what migration 1 alone left behind: no index, no triggers, 2 not recorded.
      old.exec(`DROP TABLE parts_search; DROP TRIGGER parts_search_insert; DROP TRIGGER parts_search_delete;
        DROP TRIGGER parts_search_update; DELETE FROM schema_migrations WHERE id = 2`);
      expect(old.prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'parts_search%'").all()).toEqual([]);
      const late = insertPart(old, 'OLD-0001', 'Made before the index existed');

      migrate(old);

      expect(old.prepare('SELECT id FROM schema_migrations ORDER BY id').pluck().all()).toContain(2);
      integrityCheck(old);
      expect(old.prepare('SELECT COUNT(*) FROM parts_search_docsize').pluck().get()).toBe(251);
      expect(ids(old, PARTS, { description: { ilike: '%before the index%' } })).toEqual([late]);
      const shaft = { partNumber: { ilike: '%SHFT-20%' } };
      expect(compileFilters(PARTS, shaft).sql).toMatch(/MATCH/);
      expect(ids(old, PARTS, shaft)).toEqual(ids(old, PLAIN, shaft));
      expect(ids(old, PARTS, shaft).length).toBeGreaterThan(0);
    } finally {
      old.close();
    }
  });
});
