import type { Db } from './db.ts';
import { compileFilters, type SqlCondition } from './filters.ts';
import type { RecordTable } from './record-tables.ts';

/** Every row of `table` inside `scope` that matches the operator filters, in the given order. */
export function listRecords<Row>(
  db: Db,
  table: RecordTable,
  scope: SqlCondition,
  filters: unknown,
  order = 'id',
): Row[] {
  const filter = compileFilters(table, filters);
  return db
    .prepare(
      `SELECT ${table.select} FROM ${table.table} WHERE ${scope.sql} AND ${filter.sql} ORDER BY ${order}`,
    )
    .all(...scope.params, ...filter.params) as Row[];
}

/** One row by id, optionally required to match operator filters (relation fields take filters too). */
export function findRecord<Row>(
  db: Db,
  table: RecordTable,
  id: number | null | undefined,
  filters?: unknown,
): Row | null {
  if (id === null || id === undefined) return null;
  const filter = compileFilters(table, filters);
  const row = db
    .prepare(`SELECT ${table.select} FROM ${table.table} WHERE id = ? AND ${filter.sql}`)
    .get(id, ...filter.params) as Row | undefined;
  return row ?? null;
}

export const scopedBy = (column: string, value: number): SqlCondition => ({
  sql: `${column} = ?`,
  params: [value],
});

/**
 * The records linked to one record through a join table (a part's procedures, a procedure's parts):
 * `id` among `table`'s `column` where its `by` column is `value`.
 */
export const linkedThrough = (table: string, column: string, by: string, value: number): SqlCondition => ({
  sql: `id IN (SELECT ${column} FROM ${table} WHERE ${by} = ?)`,
  params: [value],
});
