import type { TypedDocumentNode } from '@apollo/client';
import type { CursorPage } from './cursorPaging.ts';
import { useCursorListQuery, type Connection } from './useCursorListQuery.ts';

/** What a list browser takes from its page: the URL state, and the way to another one. */
export interface ListBrowserProps<S> {
  search: S;
  /** Moves to another URL state; `replace` for typing so Back skips keystrokes. */
  onNavigate(search: S, replace: boolean): void;
}

/** What a browser needs of a list's search (defineListSearch makes one). */
export interface BrowsedList<S, TVariables> {
  pageSize: number;
  filtered(search: S): boolean;
  noCriteria: Partial<S>;
  variables(search: S): TVariables;
  firstPage(search: S, change: Partial<S>): S;
}

/**
 * The wiring every list browser shares: the page of rows the URL's search asks for, criteria changes
 * that go to their first page (`onCriteria`, for the filters), and the rest of CursorList's props
 * (spread `cursorList` into it, with the list's own words).
 */
export function useListBrowser<
  S extends CursorPage,
  TData,
  TVariables extends Record<string, unknown>,
  TNode,
>(
  list: BrowsedList<S, NoInfer<TVariables>>,
  query: TypedDocumentNode<TData, TVariables>,
  connectionOf: (data: TData) => Connection<TNode> | null | undefined,
  { search, onNavigate }: ListBrowserProps<S>,
) {
  // Changed criteria show their first page (old cursors mean nothing for new ones).
  const onCriteria = (change: Partial<S>, replace: boolean) =>
    onNavigate(list.firstPage(search, change), replace);
  const { rows, failure, list: page } = useCursorListQuery(query, list.variables(search), connectionOf);
  return {
    rows,
    failure,
    onCriteria,
    cursorList: {
      ...page,
      search,
      pageSize: list.pageSize,
      filtered: list.filtered(search),
      onClear: () => onCriteria(list.noCriteria, false),
      onNavigate,
    },
  };
}
