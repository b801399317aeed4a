import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { RunsFilters } from './RunsFilters.tsx';
import { RunsTable } from './RunsTable.tsx';
import { RunsListQuery } from './runsListQuery.ts';
import { runRowView } from './runRow.ts';
import { RUNS_PAGE_SIZE, runsVariables, type RunsSearch } from './runsSearch.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import { formatEnum } from '../../components/formatValue.ts';
import { CursorList } from '../../components/list/CursorList.tsx';

interface Props {
  search: RunsSearch;
  /** Moves to another URL state; `replace` for typing so Back skips keystrokes. */
  onNavigate(search: RunsSearch, replace: boolean): void;
  onCriteria(change: Partial<RunsSearch>, replace: boolean): void;
}

function nothingMatches(search: RunsSearch): string {
  const parts = [
    search.q ? ` “${search.q}”` : '',
    search.status ? `, status ${formatEnum(search.status)?.toLowerCase()}` : '',
    search.part ? `, part ${search.part}` : '',
    search.procedure ? `, procedure ${search.procedure}` : '',
  ];
  return `Nothing matches${parts.join('')}.`;
}

/** Runs found by search and filters, a page at a time, with loading, empty and error states. */
export function RunsBrowser({ search, onNavigate, onCriteria }: Props) {
  const { data, previousData, error, loading, refetch } = useQuery(RunsListQuery, {
    variables: runsVariables(search),
  });
  const connection = (data ?? previousData)?.runs;
  const runs = (connection?.edges ?? []).flatMap((edge) => (edge?.node ? [runRowView(edge.node)] : []));
  const scope = search.part
    ? `part ${search.part}`
    : search.procedure
      ? `procedure ${search.procedure}`
      : null;

  return (
    <Stack gap="md">
      <RunsFilters search={search} onChange={onCriteria} />
      {scope && (
        <Group gap="sm">
          <Text>Only the runs of {scope}.</Text>
          <Button
            variant="light"
            onClick={() => onCriteria({ part: undefined, procedure: undefined }, false)}
          >
            Show all runs
          </Button>
        </Group>
      )}
      <CursorList
        noun="runs"
        search={search}
        pageSize={RUNS_PAGE_SIZE}
        pageInfo={connection?.pageInfo}
        loaded={Boolean(connection)}
        shown={runs.length}
        loading={loading}
        error={error ? toUserMessage(error) : null}
        onRetry={() => void refetch()}
        filtered={Boolean(search.q || search.status || search.part || search.procedure)}
        nothingMatches={nothingMatches(search)}
        onClear={() =>
          onCriteria({ q: undefined, status: undefined, part: undefined, procedure: undefined }, false)
        }
        onNavigate={onNavigate}
      >
        <RunsTable runs={runs} busy={loading} />
      </CursorList>
    </Stack>
  );
}
