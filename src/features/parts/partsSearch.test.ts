import { describe, expect, it } from 'vitest';
import { PARTS_SEARCH, partsFilters, partsVariables, PARTS_PAGE_SIZE } from './partsSearch.ts';
import { likeContains, searchWords } from '../../components/list/likePatterns.ts';
import { describeListSearch } from '../../test/listSearch.ts';

describeListSearch('The parts search', PARTS_SEARCH, {
  wellFormed: [
    [
      { q: '  brkt ', type: 'TOOL', rev: 'B', sort: 'PART_NUMBER_DESC', after: 'c1', page: '3' },
      { q: 'brkt', type: 'TOOL', rev: 'B', sort: 'PART_NUMBER_DESC', after: 'c1', page: 3 },
    ],
    [{ q: '', type: 'WIDGET', sort: 'DROP_TABLE', page: 'x', rev: { a: 1 } }, {}],
  ],
  numbers: [
    { q: 2001, rev: 2 },
    { q: '2001', rev: '2' },
  ],
  defaultSort: 'PART_NUMBER_ASC',
  paging: [
    [
      { after: 'a', before: 'b', page: 2 },
      { after: 'a', page: 2 },
    ],
    [
      { before: 'b', page: 2 },
      { before: 'b', page: 2 },
    ],
    [{ page: 5 }, {}],
  ],
  // The cursors and page are dropped.
  firstPage: [
    [{ q: 'a', after: 'c', page: 4 }, { q: 'ab' }, { q: 'ab' }],
    [{ q: 'a', type: 'TOOL', before: 'c', page: 2 }, { type: undefined }, { q: 'a' }],
  ],
});

describe('PARTS_SEARCH.validate', () => {
  it('caps the length of what it keeps', () => {
    expect(PARTS_SEARCH.validate({ q: 'x'.repeat(1000) }).q).toHaveLength(200);
  });
});

describe('partsVariables', () => {
  it('searches part number or description, and filters type and revision', () => {
    expect(partsVariables({ q: 'mount', type: 'PART', rev: 'c', sort: '_CREATED_DESC', after: 'x' })).toEqual(
      {
        filters: {
          or_: [{ partNumber: { ilike: '%mount%' } }, { description: { ilike: '%mount%' } }],
          partType: { eq: 'PART' },
          revision: { ilike: 'c' },
        },
        sort: ['_CREATED_DESC'],
        first: PARTS_PAGE_SIZE,
        after: 'x',
      },
    );
  });

  it('goes back a page with last/before', () => {
    expect(partsVariables({ before: 'b', page: 2 })).toMatchObject({ last: PARTS_PAGE_SIZE, before: 'b' });
    expect(partsVariables({ before: 'b' })).not.toHaveProperty('first');
  });

  it('needs every word of a search, in any order, each in the number or the description', () => {
    expect(searchWords('  solenoid   Valve, valve;BRKT ')).toEqual(['solenoid', 'valve', 'brkt']);
    expect(partsFilters({ q: 'solenoid valve' })).toEqual({
      and_: [
        { or_: [{ partNumber: { ilike: '%solenoid%' } }, { description: { ilike: '%solenoid%' } }] },
        { or_: [{ partNumber: { ilike: '%valve%' } }, { description: { ilike: '%valve%' } }] },
      ],
    });
    expect(partsFilters({ q: ',' })).toEqual({});
  });

  it('escapes LIKE wildcards so they match themselves', () => {
    expect(likeContains('BRKT_01')).toBe('%BRKT\\_01%');
    expect(likeContains('50%')).toBe('%50\\%%');
    expect(likeContains('a\\b')).toBe('%a\\\\b%');
  });
});
