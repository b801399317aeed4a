import { Table } from '@mantine/core';
import { formatEnum } from '../../components/formatValue.ts';
import { ListRow, ListTable, OrNone, RowLink } from '../../components/list/ListTable.tsx';

export interface PartRow {
  id: number;
  partNumber: string;
  revision: string;
  description?: string | null;
  partType: string;
}

const COLUMNS = ['Part number', 'Rev', 'Description', 'Type'] as const;

/** One page of parts; a row opens the part's page (its part number is the link). */
export function PartsTable({ parts, busy }: { parts: PartRow[]; busy: boolean }) {
  return (
    <ListTable columns={COLUMNS} minWidth={560} busy={busy}>
      {parts.map((part) => (
        <ListRow key={part.id}>
          <Table.Td>
            <RowLink to="/parts/$id" id={part.id}>
              {part.partNumber}
            </RowLink>
          </Table.Td>
          <Table.Td>{part.revision}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            <OrNone value={part.description} none="No description" />
          </Table.Td>
          <Table.Td>{formatEnum(part.partType)}</Table.Td>
        </ListRow>
      ))}
    </ListTable>
  );
}
