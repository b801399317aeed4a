import { Badge } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatEnum } from '../../components/formatValue.ts';
import { ListTable, OrNone, RowLink, type ListColumn } from '../../components/list/ListTable.tsx';
import { missingEvidenceText, type RunRowView } from './runRow.ts';
import { recordWithTitle } from '../../records/recordKinds.ts';

/** One page of runs; a row opens the run (its serial is the link, named with the run's title). */
export function RunsTable({ runs, busy }: { runs: RunRowView[]; busy: boolean }) {
  const intl = useIntl();
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
  const columns: ListColumn<RunRowView>[] = [
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
    {
      header: intl.formatMessage({
        defaultMessage: 'Status',
        id: 'aw8Tip',
        description: "A run's status (to do, in progress, complete…)",
      }),
      cell: (run) => formatEnum(run.status),
    },
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
  return <ListTable columns={columns} rows={runs} minWidth={640} busy={busy} />;
}
