import { Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatEnum } from '../../components/formatValue.ts';
import { ListRow, ListTable, OrNone, RowLink } from '../../components/list/ListTable.tsx';

export interface PartRow {
  id: number;
  partNumber: string;
  revision: string;
  description?: string | null;
  partType: string;
}

/** One page of parts; a row opens the part's page (its part number is the link). */
export function PartsTable({ parts, busy }: { parts: PartRow[]; busy: boolean }) {
  const intl = useIntl();
  const columns = [
    intl.formatMessage({
      defaultMessage: 'Part number',
      id: '0xKTDv',
      description: 'Column of the parts list',
    }),
    intl.formatMessage({
      defaultMessage: 'Rev',
      id: 'nEq/iV',
      description: "Column of the parts list: the part's revision",
    }),
    intl.formatMessage({
      defaultMessage: 'Description',
      id: '+Gj1PA',
      description: 'Column of the parts list',
    }),
    intl.formatMessage({ defaultMessage: 'Type', id: 'uz1Sk0', description: "A part's type (part or tool)" }),
  ];
  const noDescription = intl.formatMessage({
    defaultMessage: 'No description',
    id: 'ym1ZnS',
    description: 'A part with none',
  });
  return (
    <ListTable columns={columns} minWidth={560} busy={busy}>
      {parts.map((part) => (
        <ListRow key={part.id}>
          <Table.Td>
            <RowLink to="/parts/$id" id={part.id}>
              {part.partNumber}
            </RowLink>
          </Table.Td>
          <Table.Td>{part.revision}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            <OrNone value={part.description} none={noDescription} />
          </Table.Td>
          <Table.Td>{formatEnum(part.partType)}</Table.Td>
        </ListRow>
      ))}
    </ListTable>
  );
}
