import { Badge, Table } from '@mantine/core';
import { formatEnum } from '../../components/formatValue.ts';
import { ListRow, ListTable, OrNone, RowLink } from '../../components/list/ListTable.tsx';
import { missingEvidenceText, type RunRowView } from './runRow.ts';

const COLUMNS = ['Serial', 'Part', 'Procedure', 'Status', 'Required files'] as const;

/** One page of runs; a row opens the run (its serial is the link, named with the run's title). */
export function RunsTable({ runs, busy }: { runs: RunRowView[]; busy: boolean }) {
  return (
    <ListTable columns={COLUMNS} minWidth={640} busy={busy}>
      {runs.map((run) => (
        <ListRow key={run.id}>
          <Table.Td>
            <RowLink to="/runs/$id" id={run.id} label={`Run ${run.id}: ${run.title}`}>
              {run.serial}
            </RowLink>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            <OrNone value={run.part?.text} none="No part" />
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            <OrNone value={run.procedure?.text} none="No procedure" />
          </Table.Td>
          <Table.Td>{formatEnum(run.status)}</Table.Td>
          <Table.Td>
            <Badge
              variant="light"
              color={run.missingEvidence > 0 ? 'orange' : 'green'}
              size="lg"
              style={{ textTransform: 'none' }}
            >
              {missingEvidenceText(run.missingEvidence)}
            </Badge>
          </Table.Td>
        </ListRow>
      ))}
    </ListTable>
  );
}
