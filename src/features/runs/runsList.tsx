import { Badge } from '@mantine/core';
import { defineMessage, type IntlShape } from 'react-intl';
import { formatEnum } from '../../components/formatValue.ts';
import { enumMidSentence, givenCriteria } from '../../components/list/CursorList.tsx';
import { defineListKind, type ListFilterField } from '../../components/list/listKind.ts';
import { OrNone, RowLink, type ListColumn } from '../../components/list/ListTable.tsx';
import { recordWithTitle } from '../../records/recordKinds.ts';
import { missingEvidenceText, runRowView, type RunRowView } from './runRow.ts';
import { RunsListQuery } from './runsListQuery.ts';
import { RUN_SORT_LABELS, RUN_STATUSES, RUNS_SEARCH, type RunsSearch } from './runsSearch.ts';
import { RunsScopeNotice } from './RunsScopeNotice.tsx';

/** Run status, any or one. */
function runFilters(intl: IntlShape): ListFilterField<RunsSearch>[] {
  return [
    {
      name: 'status',
      label: intl.formatMessage(RUN_SORT_LABELS.status),
      all: intl.formatMessage({
        defaultMessage: 'Any status',
        id: 'ZZaXqQ',
        description: 'No filter by run status',
      }),
      values: RUN_STATUSES,
    },
  ];
}

/** One page of runs; a row opens the run (its serial is the link, named with the run's title). */
function runColumns(intl: IntlShape): ListColumn<RunRowView>[] {
  const noPart = intl.formatMessage({
    defaultMessage: 'No part',
    id: '03HIPc',
    description: 'A run made for no part',
  });
  const noProcedure = intl.formatMessage({
    defaultMessage: 'No procedure',
    id: 'ozCWjq',
    description: 'A run made from no procedure',
  });
  return [
    {
      header: intl.formatMessage({
        defaultMessage: 'Serial',
        id: 'nzB5tr',
        description: "Column of the runs list: the run's serial or lot number",
      }),
      cell: (run) => (
        <RowLink to="/runs/$id" id={run.id} label={recordWithTitle('run', run.id, run.title, intl)}>
          {run.serial}
        </RowLink>
      ),
    },
    {
      header: intl.formatMessage({
        defaultMessage: 'Part',
        id: 'bg7UWn',
        description: 'Column of the runs list',
      }),
      cell: (run) => <OrNone value={run.part?.text} none={noPart} />,
      wrap: true,
    },
    {
      header: intl.formatMessage({
        defaultMessage: 'Procedure',
        id: 't6OZqx',
        description: 'Column of the runs list',
      }),
      cell: (run) => <OrNone value={run.procedure?.text} none={noProcedure} />,
      wrap: true,
    },
    { header: intl.formatMessage(RUN_SORT_LABELS.status), cell: (run) => formatEnum(run.status) },
    {
      header: intl.formatMessage({
        defaultMessage: 'Required files',
        id: 'fJuIgS',
        description: 'Column of the runs list: how many steps still miss a required file',
      }),
      cell: (run) => (
        <Badge
          variant="light"
          color={run.missingEvidence > 0 ? 'orange' : 'green'}
          size="lg"
          style={{ textTransform: 'none' }}
        >
          {missingEvidenceText(run.missingEvidence, intl)}
        </Badge>
      ),
    },
  ];
}

/** "Nothing matches “SN 9”, status on hold, part 3.": the search and filters that found nothing. */
function nothingMatches(search: RunsSearch, intl: IntlShape): string {
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

/** The runs list: found by serial, title, part or procedure, filtered by status, or one part's or procedure's. */
export const RUNS_LIST = defineListKind({
  name: 'runs',
  title: defineMessage({
    defaultMessage: 'Runs',
    id: '2a414o',
    description: 'Title of the runs list page (production runs)',
  }),
  search: RUNS_SEARCH,
  query: RunsListQuery,
  connection: (data) => data.runs,
  row: runRowView,
  searchLabel: defineMessage({ defaultMessage: 'Search serial, run, part or procedure', id: '8an8kN' }),
  filters: runFilters,
  columns: runColumns,
  minWidth: 640,
  nothingMatches,
  Notice: RunsScopeNotice,
});
