import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { FragmentType } from '../../graphql/generated/index.ts';
import type { ListPageInfoFields } from './listPageInfo.ts';
import { toUserMessage } from '../../graphql/errors.ts';

/** A page of a list as the API returns it: its paging and its rows (either may be null). */
export interface Connection<TNode> {
  pageInfo: FragmentType<typeof ListPageInfoFields>;
  edges?: readonly ({ node?: TNode | null } | null)[] | null;
}

/**
 * One page of a server-side list: the rows, and what CursorList needs to show its states (spread
 * `list` into it). While the next page loads, the previous one stays in view (dimmed) instead of
 * flashing empty.
 */
export function useCursorListQuery<TData, TVariables extends Record<string, unknown>, TNode>(
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  connectionOf: (data: TData) => Connection<TNode> | null | undefined,
) {
  const { data, previousData, error, loading, refetch } = useQuery<TData, TVariables>(query, {
    variables,
  } as useQuery.Options<TData, TVariables>);
  const shown = data ?? previousData;
  const connection = shown ? connectionOf(shown as TData) : undefined;
  const rows = (connection?.edges ?? []).flatMap((edge) => (edge?.node ? [edge.node] : []));
  return {
    rows,
    /** The query failed and there is no page to show at all (e.g. offline on first load). */
    failure: error && !data ? error : undefined,
    list: {
      pageInfo: connection?.pageInfo,
      loaded: Boolean(connection),
      shown: rows.length,
      loading,
      error: error ? toUserMessage(error) : null,
      onRetry: () => void refetch(),
    },
  };
}
