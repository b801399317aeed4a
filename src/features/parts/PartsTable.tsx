import { useIntl } from 'react-intl';
import { formatEnum } from '../../components/formatValue.ts';
import { ListTable, OrNone, RowLink, type ListColumn } from '../../components/list/ListTable.tsx';

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
  const noDescription = intl.formatMessage({
    defaultMessage: 'No description',
    id: 'ym1ZnS',
    description: 'A part with none',
  });
  const columns: ListColumn<PartRow>[] = [
    {
      header: intl.formatMessage({
        defaultMessage: 'Part number',
        id: '0xKTDv',
        description: 'Column of the parts list',
      }),
      cell: (part) => (
        <RowLink to="/parts/$id" id={part.id}>
          {part.partNumber}
        </RowLink>
      ),
    },
    {
      header: intl.formatMessage({
        defaultMessage: 'Rev',
        id: 'nEq/iV',
        description: "Column of the parts list: the part's revision",
      }),
      cell: (part) => part.revision,
    },
    {
      header: intl.formatMessage({
        defaultMessage: 'Description',
        id: '+Gj1PA',
        description: 'Column of the parts list',
      }),
      cell: (part) => <OrNone value={part.description} none={noDescription} />,
      wrap: true,
    },
    {
      header: intl.formatMessage({
        defaultMessage: 'Type',
        id: 'uz1Sk0',
        description: "A part's type (part or tool)",
      }),
      cell: (part) => formatEnum(part.partType),
    },
  ];
  return <ListTable columns={columns} rows={parts} minWidth={560} busy={busy} />;
}
