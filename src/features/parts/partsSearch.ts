import type { PartSortEnum, PartsInputFilters, Parttypeenum } from '../../graphql/generated/graphql.ts';

/** Rows per page: small enough to stay fast on a tablet, and the API is never asked for an unbounded list. */
export const PARTS_PAGE_SIZE = 25;

export const PART_TYPES = ['PART', 'TOOL'] as const satisfies readonly Parttypeenum[];

export const PART_SORTS = [
  { value: 'PART_NUMBER_ASC', label: 'Part number A–Z' },
  { value: 'PART_NUMBER_DESC', label: 'Part number Z–A' },
  { value: 'DESCRIPTION_ASC', label: 'Description A–Z' },
  { value: 'REVISION_ASC', label: 'Revision' },
  { value: '_UPDATED_DESC', label: 'Recently updated' },
  { value: '_CREATED_DESC', label: 'Newest first' },
] as const satisfies readonly { value: PartSortEnum; label: string }[];

export type PartsSort = (typeof PART_SORTS)[number]['value'];
export const DEFAULT_PARTS_SORT: PartsSort = 'PART_NUMBER_ASC';

/** The parts page's state, all of it in the URL so it can be shared and Back restores it. */
export interface PartsSearch {
  q?: string;
  type?: (typeof PART_TYPES)[number];
  rev?: string;
  sort?: PartsSort;
  /** Cursor paging: a page after `after` (forward), or the page before `before` (going back). */
  after?: string;
  before?: string;
  /** 1-based page number, shown to the technician; the cursors decide which rows come. */
  page?: number;
}

/** The router reads `?q=2001` as the number 2001; a search term or revision is text either way. */
const text = (value: unknown, max: number) => {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim().slice(0, max) : undefined;
};

/** Keeps only well-formed values from a URL anyone may have edited. */
export function validatePartsSearch(raw: Record<string, unknown>): PartsSearch {
  const search: PartsSearch = {};
  const q = text(raw.q, 200);
  if (q) search.q = q;
  const type = PART_TYPES.find((t) => t === raw.type);
  if (type) search.type = type;
  const rev = text(raw.rev, 50);
  if (rev) search.rev = rev;
  const sort = PART_SORTS.find((s) => s.value === raw.sort)?.value;
  if (sort && sort !== DEFAULT_PARTS_SORT) search.sort = sort;
  const after = text(raw.after, 500);
  const before = text(raw.before, 500);
  if (after) search.after = after;
  else if (before) search.before = before;
  const page = Number(raw.page);
  if ((search.after || search.before) && Number.isInteger(page) && page > 1) search.page = page;
  return search;
}

/**
 * `%` and `_` are LIKE wildcards: escaped so a part number such as `BRKT_01` matches itself only.
 * Backslash is PostgreSQL's default LIKE escape, which the sandbox follows too.
 */
export function likeContains(term: string): string {
  return `%${likeExact(term)}%`;
}

/** ilike without wildcards: the term as typed, in any letter case. */
export function likeExact(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Words of a search: "solenoid valve" and "Valve, solenoid" both give solenoid and valve. */
export function searchWords(q: string): string[] {
  const words = q.split(/[\s,;]+/).filter((word) => word !== '');
  // Each word narrows the result; at most 8, the nesting the API is asked for stays small.
  return [...new Set(words.map((word) => word.toLowerCase()))].slice(0, 8);
}

/** One word, found in the part number or in the description. */
function wordFilter(word: string): PartsInputFilters {
  const pattern = likeContains(word);
  return { or_: [{ partNumber: { ilike: pattern } }, { description: { ilike: pattern } }] };
}

export function partsFilters(search: PartsSearch): PartsInputFilters {
  const filters: PartsInputFilters = {};
  const words = search.q ? searchWords(search.q) : [];
  // Every word must match, in any order, each in the number or the description: the schema's own
  // and_/or_ operators, so the real service answers the same.
  if (words.length === 1) Object.assign(filters, wordFilter(words[0]!));
  else if (words.length > 1) filters.and_ = words.map(wordFilter);
  if (search.type) filters.partType = { eq: search.type };
  if (search.rev) filters.revision = { ilike: likeExact(search.rev) };
  return filters;
}

export function partsVariables(search: PartsSearch) {
  const paging = search.before
    ? { last: PARTS_PAGE_SIZE, before: search.before }
    : { first: PARTS_PAGE_SIZE, after: search.after ?? null };
  return { filters: partsFilters(search), sort: [search.sort ?? DEFAULT_PARTS_SORT], ...paging };
}

/** The search that shows the first page for changed criteria (old cursors mean nothing for new ones). */
export function firstPage(search: PartsSearch, change: Partial<PartsSearch>): PartsSearch {
  return validatePartsSearch({ ...search, ...change, after: undefined, before: undefined, page: undefined });
}
