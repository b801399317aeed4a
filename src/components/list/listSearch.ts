import { defineMessages, type MessageDescriptor } from 'react-intl';
import { pagingVariables, urlText, validateCursorPage, type CursorPage } from './cursorPaging.ts';

/** Sort orders more than one list offers, in the same words. */
export const LIST_SORT_LABELS = defineMessages({
  updated: {
    defaultMessage: 'Recently updated',
    id: 'qk4cnk',
    description: 'A sort order of a list: last changed first',
  },
  newest: {
    defaultMessage: 'Newest first',
    id: 'qJCfMX',
    description: 'A sort order of a list: last created first',
  },
});

/** What every list page's URL holds besides its own filters: the text searched for, the sort, the page. */
export interface ListSearch<Sort extends string> extends CursorPage {
  q?: string;
  sort?: Sort;
}

interface ListSearchSpec<S extends ListSearch<Sort>, Sort extends string, Filters> {
  /** Rows per page: small enough to stay fast on a tablet; the API is never asked for an unbounded list. */
  pageSize: number;
  sorts: readonly { value: Sort; label: MessageDescriptor }[];
  /** The sort when the URL names none; it is left out of the URL. */
  defaultSort: Sort;
  /** The list's own filters' names: with `q`, what "Clear search and filters" clears. */
  filterNames: readonly Exclude<keyof S, keyof ListSearch<Sort>>[];
  /** The list's own filters, only the well-formed ones, from a URL anyone may have edited. */
  validateFilters(raw: Record<string, unknown>): Omit<S, keyof ListSearch<Sort>>;
  /** The API's filters for the search and filters. */
  filters(search: S): Filters;
}

/** One of `values`, or undefined for anything else in the URL. */
export function oneOf<V extends string>(values: readonly V[], raw: unknown): V | undefined {
  return values.find((value) => value === raw);
}

/**
 * A server-side list's URL state and what it asks the API for: the part every list shares (search
 * text, sort, cursor paging), around the list's own filters.
 */
export function defineListSearch<S extends ListSearch<Sort>, Sort extends string, Filters>(
  spec: ListSearchSpec<S, Sort, Filters>,
) {
  /** Keeps only well-formed values from a URL anyone may have edited. */
  function validate(raw: Record<string, unknown>): S {
    const q = urlText(raw.q, 200);
    const sort = spec.sorts.find((s) => s.value === raw.sort)?.value;
    return {
      ...(q ? { q } : {}),
      ...spec.validateFilters(raw),
      ...(sort && sort !== spec.defaultSort ? { sort } : {}),
      ...validateCursorPage(raw),
    } as S;
  }
  const criteria: readonly (keyof S)[] = ['q', ...spec.filterNames];
  return {
    pageSize: spec.pageSize,
    sorts: spec.sorts,
    defaultSort: spec.defaultSort,
    /** Whether search or filters narrow the list. */
    filtered: (search: S) => criteria.some((name) => Boolean(search[name])),
    /** The change that clears search and filters. */
    noCriteria: Object.fromEntries(criteria.map((name) => [name, undefined])) as Partial<S>,
    validate,
    variables(search: S) {
      return {
        filters: spec.filters(search),
        sort: [search.sort ?? spec.defaultSort],
        ...pagingVariables(search, spec.pageSize),
      };
    },
    /** The search that shows the first page for changed criteria (old cursors mean nothing for new ones). */
    firstPage(search: S, change: Partial<S>): S {
      return validate({ ...search, ...change, after: undefined, before: undefined, page: undefined });
    },
  };
}
