import { describe, expect, it } from 'vitest';
import {
  nextPage,
  pagingVariables,
  previousPage,
  validateCursorPage,
  type CursorPage,
} from './cursorPaging.ts';

type Search = CursorPage & { q?: string };

describe('cursor paging in the URL', () => {
  const info = { startCursor: 's', endCursor: 'e', hasNextPage: true, hasPreviousPage: true };

  it('goes forward with after and back with before, keeping the criteria', () => {
    expect(nextPage<Search>({ q: 'x', page: 2, after: 'a' }, info)).toEqual({ q: 'x', after: 'e', page: 3 });
    expect(previousPage<Search>({ q: 'x', page: 3, after: 'a' }, info)).toEqual({
      q: 'x',
      before: 's',
      page: 2,
    });
    // Back to page 1 is the list without a cursor, as a fresh visit shows it.
    expect(previousPage<Search>({ q: 'x', page: 2, after: 'a' }, info)).toEqual({ q: 'x' });
    expect(nextPage<Search>({ q: 'x' }, { ...info, endCursor: null })).toBeNull();
  });

  it('asks for a bounded page either way', () => {
    expect(pagingVariables({}, 25)).toEqual({ first: 25, after: null });
    expect(pagingVariables({ before: 'b' }, 25)).toEqual({ last: 25, before: 'b' });
  });

  it('keeps one cursor, and a page number only with one', () => {
    expect(validateCursorPage({ after: 'a', before: 'b', page: '2' })).toEqual({ after: 'a', page: 2 });
    expect(validateCursorPage({ page: 2 })).toEqual({});
    expect(validateCursorPage({ before: 'b', page: 1 })).toEqual({ before: 'b' });
  });
});
