import { describe, expect, it } from 'vitest';

/** A URL search as someone may have written it, and what the list keeps of it. */
type Kept = readonly [raw: Record<string, unknown>, kept: object];

/** A search, a change of its criteria, and the search that shows the first page for them. */
type Changed<S> = readonly [search: S, change: Partial<S>, first: S];

/**
 * The URL contract every list's search keeps (defineListSearch), checked with one list's own values:
 * well-formed values kept and the rest dropped, numbers read as text, the default sort left out of
 * the URL, a page number only with a cursor, a bounded first page of all rows when the URL says
 * nothing, and the first page again when criteria change.
 */
export function describeListSearch<S extends object>(
  name: string,
  list: {
    pageSize: number;
    validate(raw: Record<string, unknown>): S;
    variables(search: S): object;
    firstPage(search: S, change: Partial<S>): S;
  },
  cases: {
    wellFormed: Kept[];
    numbers: Kept;
    /** The sort when the URL names none. */
    defaultSort: string;
    paging: Kept[];
    firstPage: Changed<S>[];
  },
) {
  const keeps = ([raw, kept]: Kept) => expect(list.validate(raw)).toEqual(kept);
  describe(`${name} in the URL`, () => {
    it('keeps well-formed values and drops the rest', () => cases.wellFormed.forEach(keeps));
    it('reads numbers in the URL as text', () => keeps(cases.numbers));
    it('leaves the default sort out of the URL', () => keeps([{ sort: cases.defaultSort }, {}]));
    it('keeps one direction of paging, and a page number only with a cursor', () =>
      cases.paging.forEach(keeps));
    it('asks for the first page of the whole list, bounded, in the default sort', () => {
      expect(list.variables({} as S)).toEqual({
        filters: {},
        sort: [cases.defaultSort],
        first: list.pageSize,
        after: null,
      });
      expect(list.pageSize).toBeLessThanOrEqual(50);
    });
    it('starts from the first page when criteria change', () => {
      for (const [search, change, first] of cases.firstPage) {
        expect(list.firstPage(search, change)).toEqual(first);
      }
    });
  });
}
