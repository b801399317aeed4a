import { GraphQLError } from 'graphql';
import type { Db } from './db.ts';
import { compileFilters, type SqlCondition } from './filters.ts';
import type { RecordTable } from './record-tables.ts';

export const MAX_PAGE_SIZE = 100;

export interface ConnectionArgs {
  filters?: unknown;
  /** Sort enum values naming columns: one row (the lowest id) per distinct combination of them. */
  distinctOn?: readonly (string | null)[] | null;
  sort?: readonly (string | null)[] | null;
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Connection<Row> {
  edges: { node: Row; cursor: string }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
    count: number;
    totalCount: number;
  };
}

interface SortKey {
  column: string;
  desc: boolean;
}

type CursorValues = (string | number | null)[];

function invalid(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function pageSize(name: 'first' | 'last', value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (value < 0 || value > MAX_PAGE_SIZE) {
    throw invalid(`${name} must be between 0 and ${MAX_PAGE_SIZE} (got ${value}); page with after/before`);
  }
  return value;
}

/** Sort enum values → columns, in order and without repeats. */
function enumColumns(table: RecordTable, values: ConnectionArgs['sort'], verb: string): SortKey[] {
  const keys: SortKey[] = [];
  for (const value of values ?? []) {
    if (!value) continue;
    const match = /^(.*)_(ASC|DESC)$/.exec(value);
    const column = match ? table.sorts[match[1]!] : undefined;
    if (!match || !column) throw invalid(`${verb} ${table.name}s by ${value} is not supported`);
    if (!keys.some((k) => k.column === column)) keys.push({ column, desc: match[2] === 'DESC' });
  }
  return keys;
}

/** Sort enums → columns, always ending with id so every row has a unique position. */
function sortKeys(table: RecordTable, sort: ConnectionArgs['sort']): SortKey[] {
  const keys = enumColumns(table, sort, 'Sorting');
  if (!keys.some((k) => k.column === 'id')) keys.push({ column: 'id', desc: keys.at(-1)?.desc ?? false });
  return keys;
}

/** distinctOn: of the rows that pass `where`, the one with the lowest id for each combination of the columns. */
function distinctOn(table: RecordTable, values: ConnectionArgs['distinctOn'], where: SqlCondition) {
  const columns = enumColumns(table, values, 'Distinguishing').map((k) => k.column);
  if (columns.length === 0) return null;
  return {
    sql: `id IN (SELECT MIN(id) FROM ${table.table} WHERE ${where.sql} GROUP BY ${columns.join(', ')})`,
    params: where.params,
  };
}

const signature = (keys: SortKey[]): string => keys.map((k) => `${k.column}${k.desc ? '-' : '+'}`).join(',');

function encodeCursor(keys: SortKey[], row: Record<string, unknown>): string {
  const values = keys.map((k) => row[`__sort_${k.column}`] ?? null);
  return Buffer.from(JSON.stringify({ s: signature(keys), v: values })).toString('base64url');
}

function decodeCursor(keys: SortKey[], cursor: string, name: string): CursorValues {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      s?: unknown;
      v?: unknown;
    };
    if (parsed.s === signature(keys) && Array.isArray(parsed.v) && parsed.v.length === keys.length) {
      return parsed.v as CursorValues;
    }
  } catch {
    // Falls through to the error below: any undecodable cursor is the caller's mistake.
  }
  throw invalid(`Invalid ${name} cursor: use a cursor from a page with the same sort order`);
}

/**
 * Rows strictly after (or before) the cursor position in the given order. SQLite puts NULLs first in
 * ascending order and last in descending order; the comparisons below follow that.
 */
function beyond(keys: SortKey[], values: CursorValues, forward: boolean): SqlCondition {
  const alternatives: string[] = [];
  const params: unknown[] = [];
  keys.forEach((key, i) => {
    const clauses: string[] = [];
    const clauseParams: unknown[] = [];
    for (let j = 0; j < i; j++) {
      clauses.push(`${keys[j]!.column} IS ?`);
      clauseParams.push(values[j] ?? null);
    }
    const value = values[i] ?? null;
    const ascending = key.desc !== forward;
    // ascending = the wanted rows have larger values in SQLite's natural (NULLs-first) order.
    if (ascending) {
      if (value === null) clauses.push(`${key.column} IS NOT NULL`);
      else {
        clauses.push(`${key.column} > ?`);
        clauseParams.push(value);
      }
    } else if (value === null) clauses.push('0');
    else {
      clauses.push(`(${key.column} < ? OR ${key.column} IS NULL)`);
      clauseParams.push(value);
    }
    alternatives.push(`(${clauses.join(' AND ')})`);
    params.push(...clauseParams);
  });
  return { sql: `(${alternatives.join(' OR ')})`, params };
}

function orderBy(keys: SortKey[], forward: boolean): string {
  return keys.map((k) => `${k.column} ${k.desc === forward ? 'DESC' : 'ASC'}`).join(', ');
}

/** A Relay connection over one table, with operator filters, sort enums and opaque keyset cursors. */
export function connection<Row extends object>(
  db: Db,
  table: RecordTable,
  args: ConnectionArgs,
  scope?: SqlCondition,
): Connection<Row> {
  const first = pageSize('first', args.first);
  const last = pageSize('last', args.last);
  const keys = sortKeys(table, args.sort);
  const filter = compileFilters(table, args.filters);
  const matching: SqlCondition[] = [filter, ...(scope ? [scope] : [])];

  const sortColumns = keys.map((k) => `${k.column} AS __sort_${k.column}`).join(', ');
  const where = (list: SqlCondition[]) => ({
    sql: list.map((c) => c.sql).join(' AND '),
    params: list.flatMap((c) => c.params),
  });
  const distinct = distinctOn(table, args.distinctOn, where(matching));
  const base = distinct ? [...matching, distinct] : matching;
  const conditions = [...base];
  if (args.after) conditions.push(beyond(keys, decodeCursor(keys, args.after, 'after'), true));
  if (args.before) conditions.push(beyond(keys, decodeCursor(keys, args.before, 'before'), false));
  const forward = first !== undefined || last === undefined;
  // Neither first nor last: every row, as ION answers (the response-size cap is what stops a huge one).
  const limit = forward ? first : last;
  const w = where(conditions);
  const fetched = db
    .prepare(
      `SELECT ${table.select}, ${sortColumns} FROM ${table.table} WHERE ${w.sql} ORDER BY ${orderBy(keys, forward)} LIMIT ?`,
    )
    .all(...w.params, limit === undefined ? -1 : limit + 1) as Record<string, unknown>[];
  const more = limit !== undefined && fetched.length > limit;
  let rows = limit === undefined ? fetched : fetched.slice(0, limit);
  if (!forward) rows.reverse();
  const trimmed = forward && last !== undefined && rows.length > last;
  if (trimmed) rows = rows.slice(rows.length - last);

  const exists = (extra: SqlCondition): boolean => {
    const e = where([...base, extra]);
    return db.prepare(`SELECT 1 FROM ${table.table} WHERE ${e.sql} LIMIT 1`).get(...e.params) !== undefined;
  };
  const cursorOf = (row: Record<string, unknown>) => encodeCursor(keys, row);
  const firstRow = rows[0];
  const lastRow = rows.at(-1);
  const valuesOf = (row: Record<string, unknown>) =>
    keys.map((k) => row[`__sort_${k.column}`] as string | number | null);
  // A page read forward from the start (no after cursor, nothing trimmed off its front) has nothing
  // before it, and one read backward without a before cursor has nothing after it. Not asking saves a
  // query that, with no such row to find, may scan the whole table (~10 ms for 100k parts).
  const hasNextPage = forward
    ? more
    : lastRow && args.before
      ? exists(beyond(keys, valuesOf(lastRow), true))
      : false;
  const hasPreviousPage = !forward
    ? more
    : firstRow && (args.after || trimmed)
      ? exists(beyond(keys, valuesOf(firstRow), false))
      : false;

  const total = where(base);
  const totalCount = Number(
    db
      .prepare(`SELECT COUNT(*) FROM ${table.table} WHERE ${total.sql}`)
      .pluck()
      .get(...total.params),
  );
  const edges = rows.map((row) => {
    const cursor = cursorOf(row);
    for (const k of keys) delete row[`__sort_${k.column}`];
    return { node: row as Row, cursor };
  });
  return {
    edges,
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      count: edges.length,
      totalCount,
    },
  };
}
