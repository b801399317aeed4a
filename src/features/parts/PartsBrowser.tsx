import { useEffect } from 'react';
import { Alert, Button, Loader, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { PartsFilters } from './PartsFilters.tsx';
import { PartsPager } from './PartsPager.tsx';
import { PartsTable, type PartRow } from './PartsTable.tsx';
import { PartsListQuery } from './partsListQuery.ts';
import { partsVariables, type PartsSearch } from './partsSearch.ts';
import { isUnreachable, toUserMessage } from '../../graphql/errors.ts';
import { KeptPartsResults } from './KeptPartsResults.tsx';
import { RetryMessage } from '../../components/RetryMessage.tsx';

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
  // Back from a dead zone: the server's list replaces what was searched on the tablet.
  useEffect(() => {
    const onOnline = () => void refetch().catch(() => undefined);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refetch]);
  // While the next page loads, the previous one stays in view (dimmed) instead of flashing empty.
  const connection = (data ?? previousData)?.parts;
  const parts: PartRow[] = (connection?.edges ?? []).flatMap((edge) => (edge?.node ? [edge.node] : []));
  const pageInfo = connection?.pageInfo;
  const page = search.page ?? 1;
  const filtered = Boolean(search.q || search.type || search.rev);

  return (
    <Stack gap="md">
      <PartsFilters search={search} onChange={onCriteria} />
      {error && !data && isUnreachable(error) ? (
        <KeptPartsResults search={search} message={toUserMessage(error)} />
      ) : error ? (
        <Alert color="red" title="Parts could not be loaded" role="alert">
          <RetryMessage message={toUserMessage(error)} onRetry={() => void refetch()} />
        </Alert>
      ) : !connection ? (
        <Stack gap="xs" role="status" aria-live="polite" aria-busy="true">
          <Text>Loading parts…</Text>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      ) : parts.length === 0 && !loading ? (
        <Alert color="gray" title={filtered ? 'No parts match' : 'No parts yet'}>
          <Stack gap="sm" align="flex-start">
            <Text style={{ overflowWrap: 'anywhere' }}>
              {filtered
                ? `Nothing matches${search.q ? ` “${search.q}”` : ''}${search.type ? `, type ${search.type.toLowerCase()}` : ''}${search.rev ? `, revision ${search.rev}` : ''}.`
                : 'There are no parts to show.'}
            </Text>
            {filtered && (
              <Button
                variant="light"
                onClick={() => onCriteria({ q: undefined, type: undefined, rev: undefined }, false)}
              >
                Clear search and filters
              </Button>
            )}
          </Stack>
        </Alert>
      ) : (
        <>
          {loading && (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">Loading…</Text>
            </Group>
          )}
          <PartsTable parts={parts} busy={loading} />
          <PartsPager
            page={page}
            shown={parts.length}
            total={pageInfo?.totalCount ?? parts.length}
            hasPrevious={page > 1 || Boolean(pageInfo?.hasPreviousPage)}
            hasNext={Boolean(pageInfo?.hasNextPage)}
            busy={loading}
            onPrevious={() => {
              const { after: _a, before: _b, page: _p, ...criteria } = search;
              onNavigate(
                page <= 2 || !pageInfo?.startCursor
                  ? criteria
                  : { ...criteria, before: pageInfo.startCursor, page: page - 1 },
                false,
              );
            }}
            onNext={() => {
              if (!pageInfo?.endCursor) return;
              const { after: _a, before: _b, page: _p, ...criteria } = search;
              onNavigate({ ...criteria, after: pageInfo.endCursor, page: page + 1 }, false);
            }}
          />
        </>
      )}
    </Stack>
  );
}
