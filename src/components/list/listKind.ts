import type { ComponentType, ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { ListCriteriaProps } from './ListInputs.tsx';
import type { ListSearch } from './listSearch.ts';
import type { ListName } from './listWords.ts';
import type { ListColumn } from './ListTable.tsx';
import { useListBrowser, type BrowsedList, type ListBrowserProps } from './useListBrowser.ts';
import type { Connection } from './useCursorListQuery.ts';

/** A filter besides the search box: one of an enum's `values` (or `all` of them), or else typed text. */
export interface ListFilterField<S> {
  /** The search's value it edits, e.g. `status`. */
  name: Exclude<keyof S, keyof ListSearch<string>> & string;
  label: string;
  /** For an enum: what choosing none says, e.g. "Any status". */
  all?: string;
  values?: readonly string[];
}

type SortOf<S extends ListSearch<string>> = NonNullable<S['sort']>;

/**
 * One kind of server-side list (parts, runs) as a declaration: its URL search, its filters, columns
 * and words, and the page of rows its search asks for. ListKindBrowser shows any kind from it.
 */
export interface ListKind<S extends ListSearch<string>, R extends { id: number }> {
  /** Which list: its sentences (listWords) say so. */
  name: ListName;
  /** The list page's title, e.g. "Parts". */
  title: MessageDescriptor;
  /** The URL's search (defineListSearch). */
  search: {
    validate(raw: Record<string, unknown>): S;
    sorts: readonly { value: SortOf<S>; label: MessageDescriptor }[];
    defaultSort: SortOf<S>;
  };
  searchLabel: MessageDescriptor;
  filters(intl: IntlShape): ListFilterField<S>[];
  columns(intl: IntlShape): ListColumn<R>[];
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** Said when nothing matches: the search and filters given, e.g. `Nothing matches “SN 9”, part 3.` */
  nothingMatches(search: S, intl: IntlShape): string;
  /** Shown above the rows, e.g. that only one part's runs are listed. */
  Notice?: ComponentType<ListCriteriaProps<S>>;
  /** Shown instead of the rows when the API cannot be reached; `table` shows rows as the list does. */
  Offline?: ComponentType<{ search: S; message: string; table(rows: R[]): ReactNode }>;
  /** The page of rows the URL's search asks for, as the table shows them, and CursorList's props. */
  useRows(route: ListBrowserProps<S>): ReturnType<typeof useListBrowser<S, never, never, R>>;
}

/**
 * A list kind from its declaration and its query: `connection` finds the page in the answer, `row`
 * makes a node of it the table's row.
 */
export function defineListKind<
  S extends ListSearch<string>,
  TData,
  TVariables extends Record<string, unknown>,
  TNode,
  R extends { id: number },
>({
  query,
  connection,
  row,
  ...kind
}: Omit<ListKind<S, R>, 'useRows' | 'search'> & {
  search: ListKind<S, R>['search'] & BrowsedList<S, NoInfer<TVariables>>;
  query: TypedDocumentNode<TData, TVariables>;
  connection(data: TData): Connection<TNode> | null | undefined;
  row(node: TNode, intl: IntlShape): R;
}) {
  return {
    ...kind,
    query,
    useRows(route: ListBrowserProps<S>) {
      const intl = useIntl();
      const browsing = useListBrowser(kind.search, query, connection, route);
      return { ...browsing, rows: browsing.rows.map((node) => row(node, intl)) };
    },
  };
}
