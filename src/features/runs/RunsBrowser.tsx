import { Button, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { RunsFilters } from './RunsFilters.tsx';
import { RunsTable } from './RunsTable.tsx';
import { RunsListQuery } from './runsListQuery.ts';
import { runRowView } from './runRow.ts';
import { RUNS_SEARCH, type RunsSearch } from './runsSearch.ts';
import {
  CursorList,
  enumMidSentence,
  givenCriteria,
  type ListWords,
} from '../../components/list/CursorList.tsx';
import { useListBrowser, type ListBrowserProps } from '../../components/list/useListBrowser.ts';

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
  return intl.formatMessage(
    {
      defaultMessage:
        'Nothing matches{hasQ, select, yes { “{q}”} other {}}{hasStatus, select, yes {, status {status}} other {}}{hasPart, select, yes {, part {part}} other {}}{hasProcedure, select, yes {, procedure {procedure}} other {}}.',
      id: 'LyXR/e',
      description:
        'No run matches the search: {q} is the text searched for, {status} the status chosen, {part} and {procedure} the numbers of the part or procedure whose runs are listed; each shown only when given',
    },
    givenCriteria({
      q: search.q,
      status: enumMidSentence(search.status, intl),
      part: search.part,
      procedure: search.procedure,
    }),
  );
}

/** Runs found by search and filters, a page at a time, with loading, empty and error states. */
export function RunsBrowser(props: ListBrowserProps<RunsSearch>) {
  const { search } = props;
  const intl = useIntl();
  const { rows, onCriteria, cursorList } = useListBrowser(
    RUNS_SEARCH,
    RunsListQuery,
    (data) => data.runs,
    props,
  );
  const runs = rows.map((node) => runRowView(node, intl));
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
      <CursorList {...cursorList} words={runsWords(intl)} nothingMatches={nothingMatches(intl, search)}>
        <RunsTable runs={runs} busy={cursorList.loading} />
      </CursorList>
    </Stack>
  );
}
