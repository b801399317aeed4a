import { Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { PartsFilters } from './PartsFilters.tsx';
import { PartsTable, type PartRow } from './PartsTable.tsx';
import { PartsListQuery } from './partsListQuery.ts';
import { PARTS_PAGE_SIZE, partsVariables, type PartsSearch } from './partsSearch.ts';
import { isUnreachable, toUserMessage } from '../../graphql/errors.ts';
import { CursorList } from '../../components/list/CursorList.tsx';
import { KeptPartsResults } from './KeptPartsResults.tsx';

interface Props {
  search: PartsSearch;
  /** Moves to another URL state; `replace` for typing so Back skips keystrokes. */
  onNavigate(search: PartsSearch, replace: boolean): void;
  onCriteria(change: Partial<PartsSearch>, replace: boolean): void;
}

/** Parts found by search and filters, a page at a time, with loading, empty and error states. */
export function PartsBrowser({ search, onNavigate, onCriteria }: Props) {
  const { data, previousData, error, loading, refetch } = useQuery(PartsListQuery, {
    variables: partsVariables(search),
  });
  // While the next page loads, the previous one stays in view (dimmed) instead of flashing empty.
  const connection = (data ?? previousData)?.parts;
  const parts: PartRow[] = (connection?.edges ?? []).flatMap((edge) => (edge?.node ? [edge.node] : []));

  return (
    <Stack gap="md">
      <PartsFilters search={search} onChange={onCriteria} />
      {error && !data && isUnreachable(error) ? (
        // No network: the parts kept on this tablet, said to be so.
        <KeptPartsResults search={search} message={toUserMessage(error)} />
      ) : (
        <CursorList
          noun="parts"
          search={search}
          pageSize={PARTS_PAGE_SIZE}
          pageInfo={connection?.pageInfo}
          loaded={Boolean(connection)}
          shown={parts.length}
          loading={loading}
          error={error ? toUserMessage(error) : null}
          onRetry={() => void refetch()}
          filtered={Boolean(search.q || search.type || search.rev)}
          nothingMatches={`Nothing matches${search.q ? ` “${search.q}”` : ''}${search.type ? `, type ${search.type.toLowerCase()}` : ''}${search.rev ? `, revision ${search.rev}` : ''}.`}
          onClear={() => onCriteria({ q: undefined, type: undefined, rev: undefined }, false)}
          onNavigate={onNavigate}
        >
          <PartsTable parts={parts} busy={loading} />
        </CursorList>
      )}
    </Stack>
  );
}
