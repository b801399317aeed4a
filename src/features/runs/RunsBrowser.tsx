import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { RunsFilters } from './RunsFilters.tsx';
import { RunsTable } from './RunsTable.tsx';
import { RunsListQuery } from './runsListQuery.ts';
import { runRowView } from './runRow.ts';
import { RUNS_PAGE_SIZE, runsVariables, type RunsSearch } from './runsSearch.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import { formatEnum } from '../../components/formatValue.ts';
import { CursorList, type ListWords } from '../../components/list/CursorList.tsx';

interface Props {
  search: RunsSearch;
  /** Moves to another URL state; `replace` for typing so Back skips keystrokes. */
  onNavigate(search: RunsSearch, replace: boolean): void;
  onCriteria(change: Partial<RunsSearch>, replace: boolean): void;
}

function runsWords(intl: IntlShape): ListWords {
  return {
    failed: intl.formatMessage({ defaultMessage: 'Runs could not be loaded', id: '5BhQqD' }),
    loading: intl.formatMessage({ defaultMessage: 'Loading runs…', id: '2giVIS' }),
    noneMatch: intl.formatMessage({ defaultMessage: 'No runs match', id: 'I10S7K' }),
    noneYet: intl.formatMessage({ defaultMessage: 'No runs yet', id: 'x3qvaC' }),
    noneToShow: intl.formatMessage({ defaultMessage: 'There are no runs to show.', id: 'Ewswyy' }),
    count: (total) =>
      intl.formatMessage(
        {
          defaultMessage: '{total, plural, one {# run} other {# runs}}',
          id: 'JOMmNP',
          description: 'How many runs the list holds in all, after "Showing 1–25 of"',
        },
        { total },
      ),
  };
}

/** "Nothing matches “SN 9”, status on hold, part 3.": the search and filters that found nothing. */
function nothingMatches(intl: IntlShape, search: RunsSearch): string {
  const status = formatEnum(search.status) ?? '';
  return intl.formatMessage(
    {
      defaultMessage:
        'Nothing matches{hasQ, select, yes { “{q}”} other {}}{hasStatus, select, yes {, status {status}} other {}}{hasPart, select, yes {, part {part}} other {}}{hasProcedure, select, yes {, procedure {procedure}} other {}}.',
      id: 'LyXR/e',
      description:
        'No run matches the search: {q} is the text searched for, {status} the status chosen, {part} and {procedure} the numbers of the part or procedure whose runs are listed; each shown only when given',
    },
    {
      hasQ: search.q ? 'yes' : 'no',
      q: search.q ?? '',
      hasStatus: search.status ? 'yes' : 'no',
      // Mid-sentence, English writes the status in lower case; other languages keep their own.
      status: intl.locale.startsWith('en') ? status.toLowerCase() : status,
      hasPart: search.part ? 'yes' : 'no',
      part: String(search.part ?? ''),
      hasProcedure: search.procedure ? 'yes' : 'no',
      procedure: String(search.procedure ?? ''),
    },
  );
}

/** Runs found by search and filters, a page at a time, with loading, empty and error states. */
export function RunsBrowser({ search, onNavigate, onCriteria }: Props) {
  const intl = useIntl();
  const { data, previousData, error, loading, refetch } = useQuery(RunsListQuery, {
    variables: runsVariables(search),
  });
  const connection = (data ?? previousData)?.runs;
  const runs = (connection?.edges ?? []).flatMap((edge) => (edge?.node ? [runRowView(edge.node, intl)] : []));
  const scope = search.part
    ? { kind: 'part', id: String(search.part) }
    : search.procedure
      ? { kind: 'procedure', id: String(search.procedure) }
      : null;

  return (
    <Stack gap="md">
      <RunsFilters search={search} onChange={onCriteria} />
      {scope && (
        <Group gap="sm">
          <Text>
            <FormattedMessage
              defaultMessage="{kind, select, part {Only the runs of part {id}.} other {Only the runs of procedure {id}.}}"
              id="6nLIX3"
              description="The runs list shows only the runs of one part or one procedure (its number)"
              values={{ kind: scope.kind, id: scope.id }}
            />
          </Text>
          <Button
            variant="light"
            onClick={() => onCriteria({ part: undefined, procedure: undefined }, false)}
          >
            <FormattedMessage defaultMessage="Show all runs" id="xvkrFf" />
          </Button>
        </Group>
      )}
      <CursorList
        words={runsWords(intl)}
        search={search}
        pageSize={RUNS_PAGE_SIZE}
        pageInfo={connection?.pageInfo}
        loaded={Boolean(connection)}
        shown={runs.length}
        loading={loading}
        error={error ? toUserMessage(error) : null}
        onRetry={() => void refetch()}
        filtered={Boolean(search.q || search.status || search.part || search.procedure)}
        nothingMatches={nothingMatches(intl, search)}
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
