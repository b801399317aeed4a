import { useEffect, useRef } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { getOperationAST } from 'graphql';
import type { FragmentType } from '../../graphql/generated/index.ts';
import type { ListPageInfoFields } from './listPageInfo.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import { listKey } from '../../graphql/keptRecords.ts';
import { useReachability } from '../../pwa/useOnline.ts';
import { keptReason, type KeptReason } from '../KeptNote.tsx';
import { useKeptListTime } from '../../graphql/keptRecordsContext.tsx';

/** A page of a list as the API returns it: its paging and its rows (either may be null). */
export interface Connection<TNode> {
  pageInfo: FragmentType<typeof ListPageInfoFields>;
  edges?: readonly ({ node?: TNode | null } | null)[] | null;
}

/** A list shown from the copy the cache keeps: why, and when that copy came from the server. */
export interface KeptList {
  reason: KeptReason;
  savedAt: number | undefined;
}

/**
 * One page of a server-side list: the rows, and what CursorList needs to show its states (spread
 * `list` into it). While the next page loads, the previous one stays in view (dimmed) instead of
 * flashing empty. The page is asked of the server each time it is shown, and again when the server
 * can be reached again; meanwhile the copy the cache keeps shows, said to be one (`list.kept`).
 */
export function useCursorListQuery<TData, TVariables extends Record<string, unknown>, TNode>(
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  connectionOf: (data: TData) => Connection<TNode> | null | undefined,
) {
  const { data, previousData, error, loading, refetch } = useQuery<TData, TVariables>(query, {
    variables,
    fetchPolicy: 'cache-and-network',
  } as useQuery.Options<TData, TVariables>);
  const reachability = useReachability();
  const online = reachability === 'online';
  // Back from a dead zone: the kept page is asked for again at once.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void refetch().catch(() => undefined);
    wasOnline.current = online;
  }, [online, refetch]);
  const savedAt = useKeptListTime(listKey(getOperationAST(query)?.name?.value ?? '', variables));
  const shown = data ?? previousData;
  const connection = shown ? connectionOf(shown as TData) : undefined;
  const rows = (connection?.edges ?? []).flatMap((edge) => (edge?.node ? [edge.node] : []));
  // Only this search's own page is a kept copy: the previous one shown while the next loads is not.
  const reason = data ? keptReason(reachability, { failed: Boolean(error), checking: loading }) : null;
  const kept: KeptList | null = reason ? { reason, savedAt } : null;
  return {
    rows,
    /** The query failed and there is no page to show at all (e.g. offline on first load). */
    failure: error && !data ? error : undefined,
    list: {
      pageInfo: connection?.pageInfo,
      loaded: Boolean(connection),
      shown: rows.length,
      loading,
      // A failed refresh of a kept page says so in its note, never hiding the rows.
      error: error && !kept ? toUserMessage(error) : null,
      kept,
      onRetry: () => void refetch(),
    },
  };
}
