import { GraphQLError } from 'graphql';
import type { ColumnSpec, RecordTable } from './record-tables.ts';

/** A WHERE fragment with its bound parameters. */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

type Operator =
  'eq' | 'neq' | 'like' | 'ilike' | 'notlike' | 'notilike' | 'in' | 'gt' | 'gte' | 'lt' | 'lte' | 'isnull';
type FilterInput = Record<string, unknown>;

const MAX_NESTING = 8;

export const TRUE_CONDITION: SqlCondition = { sql: '1', params: [] };

function invalid(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** Converts a GraphQL operand to what SQLite stores for the column (ids as integers, booleans as 0/1). */
function operand(field: string, column: ColumnSpec, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'id': {
      const text = String(value).trim();
      if (!/^-?\d{1,15}$/.test(text)) throw invalid(`Filter ${field}: "${text}" is not a valid id`);
      return Number(text);
    }
    case 'bool':
      return value ? 1 : 0;
    case 'datetime': {
      const time = Date.parse(String(value));
      if (Number.isNaN(time)) throw invalid(`Filter ${field}: "${String(value)}" is not a date-time`);
      return new Date(time).toISOString();
    }
    default:
      return value;
  }
}

/** SQL LIKE pattern (case-insensitive in SQLite) → GLOB pattern (case-sensitive), keeping `\` escapes. */
function likeToGlob(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i]!;
      out += next === '*' || next === '?' || next === '[' ? `[${next}]` : next;
    } else if (ch === '%') out += '*';
    else if (ch === '_') out += '?';
    else if (ch === '*' || ch === '?' || ch === '[') out += `[${ch}]`;
    else out += ch;
  }
  return out;
}

/**
 * The literal runs of a LIKE pattern (the text between `%`/`_` wildcards, `\` escapes resolved), read
 * the way both LIKE ... ESCAPE '\\' and likeToGlob read it. A row can only match if it contains every
 * run (ignoring ASCII case for ilike). A trailing lone `\` counts as a literal, as in likeToGlob.
 */
function literalRuns(pattern: string): string[] {
  const runs: string[] = [];
  let run = '';
  for (let i = 0; i < pattern.length; i++) {
    let ch = pattern[i]!;
    if (ch === '%' || ch === '_') {
      if (run) runs.push(run);
      run = '';
      continue;
    }
    if (ch === '\\' && i + 1 < pattern.length) ch = pattern[++i]!;
    run += ch;
  }
  if (run) runs.push(run);
  return runs;
}

/**
 * Trigrams that together cover a run of 3+ characters: every third one, plus the last. A row holding
 * the run holds all of them; requiring these alone, in any order, costs FTS5 a fraction of a phrase of
 * all the run's trigrams (no position lists to line up) and in practice narrows as well.
 */
function coveringTrigrams(run: string): string[] {
  // Characters, not UTF-16 units: the tokenizer counts code points (an emoji is one character).
  const chars = [...run];
  if (chars.length < 3) return [];
  const trigrams: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i += 3) trigrams.push(chars.slice(i, i + 3).join(''));
  if (chars.length % 3 !== 0) trigrams.push(chars.slice(-3).join(''));
  return trigrams;
}

/**
 * For like/ilike on a field with a trigram index: `id IN (rows whose indexed column holds each trigram
 * of the pattern's literal runs)`. That is a superset of the rows the LIKE/GLOB matches, which stays
 * next to it and decides. Superset, because the trigram tokenizer (case_sensitive 0) folds the case of
 * ASCII letters, which is all LIKE folds, and more (so also for case-sensitive like/GLOB). FTS5's own
 * LIKE support is not used: it knows no ESCAPE clause.
 *
 * Null (plain LIKE/GLOB, as before the index) when the index cannot help or is not the best path:
 * - no literal run of 3+ characters (FTS5 finds nothing for a shorter string, not everything);
 * - the pattern starts with a literal: SQLite's LIKE/GLOB optimisation then range-scans the B-tree
 *   indexes on the column (parts_part_number_nocase and co.), faster than the trigram index;
 * - a NUL character: LIKE stops reading at it, the tokenizer skips it and FTS5 would take the query
 *   string to end there ("unterminated string").
 */
function trigramCondition(table: RecordTable, field: string, pattern: string): SqlCondition | null {
  const index = table.trigramIndex;
  if (!index?.fields.includes(field)) return null;
  if (!pattern.startsWith('%') && !pattern.startsWith('_')) return null;
  if (pattern.includes('\0')) return null;
  const trigrams = new Set(literalRuns(pattern).flatMap(coveringTrigrams));
  if (trigrams.size === 0) return null;
  // `column : "abc"` confines the string to that column; inside "..." only `"` is special (doubled).
  const column = table.filters[field]!.sql;
  const query = [...trigrams].map((t) => `${column} : "${t.replaceAll('"', '""')}"`).join(' AND ');
  return { sql: `id IN (SELECT rowid FROM ${index.table} WHERE ${index.table} MATCH ?)`, params: [query] };
}

/** `narrowing AND condition`, or the condition alone. */
function narrowedBy(narrowing: SqlCondition | null, condition: SqlCondition): SqlCondition {
  if (!narrowing) return condition;
  return {
    sql: `(${narrowing.sql} AND ${condition.sql})`,
    params: [...narrowing.params, ...condition.params],
  };
}

function textOperand(field: string, op: Operator, value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw invalid(`Filter ${field}.${op} needs a text pattern`);
  }
  return String(value);
}

function operatorCondition(
  table: RecordTable,
  field: string,
  column: ColumnSpec,
  op: Operator,
  value: unknown,
): SqlCondition {
  const c = column.sql;
  switch (op) {
    case 'eq':
      return value === null
        ? { sql: `${c} IS NULL`, params: [] }
        : { sql: `${c} = ?`, params: [operand(field, column, value)] };
    case 'neq':
      return value === null
        ? { sql: `${c} IS NOT NULL`, params: [] }
        : { sql: `${c} IS NOT ?`, params: [operand(field, column, value)] };
    case 'like': {
      const pattern = textOperand(field, op, value);
      return narrowedBy(trigramCondition(table, field, pattern), {
        sql: `${c} GLOB ?`,
        params: [likeToGlob(pattern)],
      });
    }
    case 'notlike':
      return {
        sql: `(${c} IS NULL OR ${c} NOT GLOB ?)`,
        params: [likeToGlob(textOperand(field, op, value))],
      };
    case 'ilike': {
      const pattern = textOperand(field, op, value);
      return narrowedBy(trigramCondition(table, field, pattern), {
        sql: `${c} LIKE ? ESCAPE '\\'`,
        params: [pattern],
      });
    }
    case 'notilike':
      return {
        sql: `(${c} IS NULL OR ${c} NOT LIKE ? ESCAPE '\\')`,
        params: [textOperand(field, op, value)],
      };
    case 'in': {
      if (!Array.isArray(value)) throw invalid(`Filter ${field}.in needs a list`);
      if (value.length === 0) return { sql: '0', params: [] };
      if (value.length > 1000) throw invalid(`Filter ${field}.in accepts at most 1000 values`);
      return {
        sql: `${c} IN (${value.map(() => '?').join(', ')})`,
        params: value.map((v) => operand(field, column, v)),
      };
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const sign = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[op];
      return { sql: `${c} ${sign} ?`, params: [operand(field, column, value)] };
    }
    case 'isnull':
      return { sql: value ? `${c} IS NULL` : `${c} IS NOT NULL`, params: [] };
  }
}

function combine(parts: SqlCondition[], joiner: 'AND' | 'OR'): SqlCondition {
  if (parts.length === 0) return joiner === 'AND' ? TRUE_CONDITION : { sql: '0', params: [] };
  if (parts.length === 1) return parts[0]!;
  return { sql: `(${parts.map((p) => p.sql).join(` ${joiner} `)})`, params: parts.flatMap((p) => p.params) };
}

/**
 * Compiles an operator filter object (`{ partNumber: { ilike: "%BRKT%" }, or_: [...] }`) into a
 * parameterised condition. Fields outside the table's whitelist are refused, never interpolated.
 */
export function compileFilters(table: RecordTable, filters: unknown, depth = 0): SqlCondition {
  if (filters === null || filters === undefined) return TRUE_CONDITION;
  if (depth > MAX_NESTING)
    throw invalid(`Filters nest too deeply (at most ${MAX_NESTING} levels of and_/or_ and related records)`);
  const parts: SqlCondition[] = [];
  for (const [field, value] of Object.entries(filters as FilterInput)) {
    if (value === undefined || value === null) continue;
    if (field === 'and_' || field === 'or_') {
      const list = (value as unknown[]).filter((f) => f !== null && f !== undefined);
      const compiled = list.map((f) => compileFilters(table, f, depth + 1));
      if (compiled.length > 0) parts.push(combine(compiled, field === 'and_' ? 'AND' : 'OR'));
      continue;
    }
    const relation = table.relations?.[field];
    if (relation) {
      const inner = compileFilters(relation.table(), value, depth + 1);
      parts.push({ sql: relation.sql(inner.sql), params: inner.params });
      continue;
    }
    const via = table.relatedFields?.[field];
    const viaRelation = via && table.relations?.[via.relation];
    if (via && viaRelation) {
      const inner = compileFilters(viaRelation.table(), { [via.field]: value }, depth + 1);
      parts.push({ sql: viaRelation.sql(inner.sql), params: inner.params });
      continue;
    }
    const column = table.filters[field];
    if (!column) throw invalid(`Filtering ${table.name}s by ${field} is not supported by the sandbox`);
    for (const [op, operandValue] of Object.entries(value as FilterInput)) {
      if (operandValue === undefined) continue;
      parts.push(operatorCondition(table, field, column, op as Operator, operandValue));
    }
  }
  return combine(parts, 'AND');
}
