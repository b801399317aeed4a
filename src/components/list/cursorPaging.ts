/** Cursor paging kept in a list page's URL: a page after `after` (forward) or before `before` (back). */
export interface CursorPage {
  after?: string;
  before?: string;
  /** 1-based page number, shown to the technician; the cursors decide which rows come. */
  page?: number;
}

export interface CursorPageInfo {
  hasPreviousPage?: boolean | null;
  hasNextPage?: boolean | null;
  startCursor?: string | null;
  endCursor?: string | null;
}

/** The router reads `?q=2001` as the number 2001; a search term or a cursor is text either way. */
export function urlText(value: unknown, max: number): string | undefined {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim().slice(0, max) : undefined;
}

/** Keeps only well-formed paging values from a URL anyone may have edited. */
export function validateCursorPage(raw: Record<string, unknown>): CursorPage {
  const paging: CursorPage = {};
  const after = urlText(raw.after, 500);
  const before = urlText(raw.before, 500);
  if (after) paging.after = after;
  else if (before) paging.before = before;
  const page = Number(raw.page);
  if ((paging.after || paging.before) && Number.isInteger(page) && page > 1) paging.page = page;
  return paging;
}

/** `first`/`after` forward, `last`/`before` back: the API is never asked for an unbounded list. */
export function pagingVariables(paging: CursorPage, pageSize: number) {
  return paging.before
    ? { last: pageSize, before: paging.before }
    : { first: pageSize, after: paging.after ?? null };
}

function withoutPaging<S extends CursorPage>(search: S): Omit<S, keyof CursorPage> {
  const { after: _a, before: _b, page: _p, ...criteria } = search;
  return criteria;
}

/** The URL state of the page before this one (the first page has no cursor). */
export function previousPage<S extends CursorPage>(search: S, pageInfo: CursorPageInfo | undefined): S {
  const page = search.page ?? 1;
  const criteria = withoutPaging(search) as S;
  return page <= 2 || !pageInfo?.startCursor
    ? criteria
    : { ...criteria, before: pageInfo.startCursor, page: page - 1 };
}

/** The URL state of the page after this one, or null when there is no cursor to go on from. */
export function nextPage<S extends CursorPage>(search: S, pageInfo: CursorPageInfo | undefined): S | null {
  if (!pageInfo?.endCursor) return null;
  return { ...(withoutPaging(search) as S), after: pageInfo.endCursor, page: (search.page ?? 1) + 1 };
}
