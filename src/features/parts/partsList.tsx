import { defineMessage, type IntlShape } from 'react-intl';
import { formatEnum } from '../../components/formatValue.ts';
import { enumMidSentence, givenCriteria } from '../../components/list/CursorList.tsx';
import { defineListKind, type ListFilterField } from '../../components/list/listKind.ts';
import { OrNone, RowLink, type ListColumn } from '../../components/list/ListTable.tsx';
import { KeptPartsResults } from './KeptPartsResults.tsx';
import type { PartRow } from './partRow.ts';
import { PartsListQuery } from './partsListQuery.ts';
import { PART_SORT_LABELS, PART_TYPES, PARTS_SEARCH, type PartsSearch } from './partsSearch.ts';

/** "Type", as a filter's label and a column's header. */
const TYPE = defineMessage({
  defaultMessage: 'Type',
  id: 'uz1Sk0',
  description: "A part's type (part or tool)",
});

/** Part type, and revision typed as text. */
function partFilters(intl: IntlShape): ListFilterField<PartsSearch>[] {
  return [
    {
      name: 'type',
      label: intl.formatMessage(TYPE),
      all: intl.formatMessage({
        defaultMessage: 'All types',
        id: 'fgHJPN',
        description: 'No filter by part type',
      }),
      values: PART_TYPES,
    },
    { name: 'rev', label: intl.formatMessage(PART_SORT_LABELS.revision) },
  ];
}

/** One page of parts; a row opens the part's page (its part number is the link). */
function partColumns(intl: IntlShape): ListColumn<PartRow>[] {
  const noDescription = intl.formatMessage({
    defaultMessage: 'No description',
    id: 'ym1ZnS',
    description: 'A part with none',
  });
  return [
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
    { header: intl.formatMessage(TYPE), cell: (part) => formatEnum(part.partType) },
  ];
}

/** "Nothing matches “bolt”, type tool, revision C.": the search and filters that found nothing. */
function nothingMatches(search: PartsSearch, intl: IntlShape): string {
  return intl.formatMessage(
    {
      defaultMessage:
        'Nothing matches{hasQ, select, yes { “{q}”} other {}}{hasType, select, yes {, type {type}} other {}}{hasRev, select, yes {, revision {rev}} other {}}.',
      id: '3Dp/BU',
      description:
        'No part matches the search: {q} is the text searched for, {type} the part type chosen (part, tool), {rev} the revision typed; each shown only when given',
    },
    givenCriteria({ q: search.q, type: enumMidSentence(search.type, intl), rev: search.rev }),
  );
}

/** The parts list: found by part number or description, filtered by type and revision. */
export const PARTS_LIST = defineListKind({
  name: 'parts',
  title: defineMessage({
    defaultMessage: 'Parts',
    id: 'OklU4Q',
    description: 'Title of the parts list page',
  }),
  search: PARTS_SEARCH,
  query: PartsListQuery,
  connection: (data) => data.parts,
  row: (part): PartRow => part,
  searchLabel: defineMessage({ defaultMessage: 'Search part number or description', id: 'z0wqL7' }),
  filters: partFilters,
  columns: partColumns,
  minWidth: 560,
  nothingMatches,
  // No network: the parts kept on this tablet, said to be so.
  Offline: KeptPartsResults,
});
