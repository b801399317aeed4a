import { describe, expect, it } from 'vitest';
import { RUNS_PAGE_SIZE, RUNS_SEARCH, runsFilters, runsVariables } from './runsSearch.ts';
import { describeListSearch } from '../../test/listSearch.ts';

describeListSearch('The runs search', RUNS_SEARCH, {
  wellFormed: [
    [
      { q: ' SN 0041 ', status: 'HOLD', part: '3', procedure: 4, sort: 'TITLE_ASC' },
      { q: 'SN 0041', status: 'HOLD', part: 3, procedure: 4, sort: 'TITLE_ASC' },
    ],
    [{ status: 'DONE', part: '-1', procedure: 'x', sort: 'DROP TABLE' }, {}],
  ],
  // The router reads ?q=41 as a number.
  numbers: [{ q: 41 }, { q: '41' }],
  defaultSort: '_CREATED_DESC',
  paging: [
    [{ page: 3 }, {}],
    [
      { after: 'c', page: 3 },
      { after: 'c', page: 3 },
    ],
  ],
  firstPage: [
    [{ q: 'a', after: 'c', page: 4, part: 2 }, { status: 'TODO' }, { q: 'a', part: 2, status: 'TODO' }],
  ],
});

describe('runsFilters', () => {
  it('finds each word in the title (the serial), the part number or the procedure title', () => {
    expect(runsFilters({ q: 'bracket 0041' })).toEqual({
      and_: ['bracket', '0041'].map((word) => ({
        or_: [
          { title: { ilike: `%${word}%` } },
          { partNumber: { ilike: `%${word}%` } },
          { procedure: { title: { ilike: `%${word}%` } } },
        ],
      })),
    });
  });

  it('looks for a serial or lot written as a label writes it as a whole', () => {
    expect(runsFilters({ q: 'S/N 0041' })).toEqual({
      or_: [{ title: { ilike: '%SN 0041%' } }, { title: { ilike: '%S/N 0041%' } }],
    });
    expect(runsFilters({ q: 'LOT 24-117', status: 'COMPLETE' })).toEqual({
      or_: [{ title: { ilike: '%lot 24-117%' } }],
      status: { eq: 'COMPLETE' },
    });
  });

  it('filters by status, part and procedure with the schema’s operators', () => {
    expect(runsFilters({ status: 'HOLD', part: 3, procedure: 4 })).toEqual({
      status: { eq: 'HOLD' },
      partId: { eq: '3' },
      procedureId: { eq: '4' },
    });
    expect(runsFilters({ q: '50%' })).toEqual({
      or_: [
        { title: { ilike: '%50\\%%' } },
        { partNumber: { ilike: '%50\\%%' } },
        { procedure: { title: { ilike: '%50\\%%' } } },
      ],
    });
  });
});

describe('runsVariables', () => {
  it('sorts as told, and pages back with cursors', () => {
    expect(runsVariables({ before: 'b', page: 2, sort: 'TITLE_ASC' })).toMatchObject({
      sort: ['TITLE_ASC'],
      last: RUNS_PAGE_SIZE,
      before: 'b',
    });
  });
});
