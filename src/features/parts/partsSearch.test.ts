import { describe, expect, it } from 'vitest';
import {
  firstPage,
  partsFilters,
  partsVariables,
  PARTS_PAGE_SIZE,
  validatePartsSearch,
} from './partsSearch.ts';
import { likeContains, searchWords } from '../../components/list/likePatterns.ts';

describe('validatePartsSearch', () => {
  it('keeps well-formed values and drops the rest', () => {
    expect(
      validatePartsSearch({
        q: '  brkt ',
        type: 'TOOL',
        rev: 'B',
        sort: 'PART_NUMBER_DESC',
        after: 'c1',
        page: '3',
      }),
    ).toEqual({ q: 'brkt', type: 'TOOL', rev: 'B', sort: 'PART_NUMBER_DESC', after: 'c1', page: 3 });
    expect(
      validatePartsSearch({ q: '', type: 'WIDGET', sort: 'DROP_TABLE', page: 'x', rev: { a: 1 } }),
    ).toEqual({});
  });

  it('reads numbers in the URL as text', () => {
    expect(validatePartsSearch({ q: 2001, rev: 2 })).toEqual({ q: '2001', rev: '2' });
  });

  it('leaves the default sort out of the URL', () => {
    expect(validatePartsSearch({ sort: 'PART_NUMBER_ASC' })).toEqual({});
  });

  it('keeps one direction of paging, and a page number only with a cursor', () => {
    expect(validatePartsSearch({ after: 'a', before: 'b', page: 2 })).toEqual({ after: 'a', page: 2 });
    expect(validatePartsSearch({ before: 'b', page: 2 })).toEqual({ before: 'b', page: 2 });
    expect(validatePartsSearch({ page: 5 })).toEqual({});
  });

  it('caps the length of what it keeps', () => {
    expect(validatePartsSearch({ q: 'x'.repeat(1000) }).q).toHaveLength(200);
  });
});

describe('partsVariables', () => {
  it('asks for the first page of all parts, bounded', () => {
    expect(partsVariables({})).toEqual({
      filters: {},
      sort: ['PART_NUMBER_ASC'],
      first: PARTS_PAGE_SIZE,
      after: null,
    });
    expect(PARTS_PAGE_SIZE).toBeLessThanOrEqual(50);
  });

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

describe('firstPage', () => {
  it('drops the cursors and page when criteria change', () => {
    expect(firstPage({ q: 'a', after: 'c', page: 4 }, { q: 'ab' })).toEqual({ q: 'ab' });
    expect(firstPage({ q: 'a', type: 'TOOL', before: 'c', page: 2 }, { type: undefined })).toEqual({
      q: 'a',
    });
  });
});
