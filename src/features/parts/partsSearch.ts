import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { PartSortEnum, PartsInputFilters, Parttypeenum } from '../../graphql/generated/graphql.ts';
import { everyWord, likeExact } from '../../components/list/likePatterns.ts';
import { urlText } from '../../components/list/cursorPaging.ts';
import {
  defineListSearch,
  LIST_SORT_LABELS,
  oneOf,
  type ListSearch,
} from '../../components/list/listSearch.ts';

/** Rows per page: small enough to stay fast on a tablet, and the API is never asked for an unbounded list. */
export const PARTS_PAGE_SIZE = 25;

export const PART_TYPES = ['PART', 'TOOL'] as const satisfies readonly Parttypeenum[];

export const PART_SORT_LABELS = defineMessages({
  partNumberAsc: {
    defaultMessage: 'Part number A–Z',
    id: 'MgC/rE',
    description: 'A sort order of the parts list',
  },
  partNumberDesc: {
    defaultMessage: 'Part number Z–A',
    id: '7rURB7',
    description: 'A sort order of the parts list',
  },
  descriptionAsc: {
    defaultMessage: 'Description A–Z',
    id: 'zQOWle',
    description: 'A sort order of the parts list',
  },
  revision: { defaultMessage: 'Revision', id: 'AXbv/L', description: "A part's revision (e.g. Rev C)" },
});

export const PART_SORTS = [
  { value: 'PART_NUMBER_ASC', label: PART_SORT_LABELS.partNumberAsc },
  { value: 'PART_NUMBER_DESC', label: PART_SORT_LABELS.partNumberDesc },
  { value: 'DESCRIPTION_ASC', label: PART_SORT_LABELS.descriptionAsc },
  { value: 'REVISION_ASC', label: PART_SORT_LABELS.revision },
  { value: '_UPDATED_DESC', label: LIST_SORT_LABELS.updated },
  { value: '_CREATED_DESC', label: LIST_SORT_LABELS.newest },
] as const satisfies readonly { value: PartSortEnum; label: MessageDescriptor }[];

export type PartsSort = (typeof PART_SORTS)[number]['value'];
export const DEFAULT_PARTS_SORT: PartsSort = 'PART_NUMBER_ASC';

/** The parts page's state, all of it in the URL so it can be shared and Back restores it. */
export interface PartsSearch extends ListSearch<PartsSort> {
  type?: (typeof PART_TYPES)[number];
  rev?: string;
}

/** One word, found in the part number or in the description. */
function wordFilter(pattern: string): PartsInputFilters {
  return { or_: [{ partNumber: { ilike: pattern } }, { description: { ilike: pattern } }] };
}

export function partsFilters(search: PartsSearch): PartsInputFilters {
  // Every word, in any order, each in the number or the description.
  const filters: PartsInputFilters = everyWord(search.q, wordFilter);
  if (search.type) filters.partType = { eq: search.type };
  if (search.rev) filters.revision = { ilike: likeExact(search.rev) };
  return filters;
}

export const PARTS_SEARCH = defineListSearch<PartsSearch, PartsSort, PartsInputFilters>({
  pageSize: PARTS_PAGE_SIZE,
  sorts: PART_SORTS,
  defaultSort: DEFAULT_PARTS_SORT,
  filterNames: ['type', 'rev'],
  validateFilters: (raw) => {
    const type = oneOf(PART_TYPES, raw.type);
    const rev = urlText(raw.rev, 50);
    return { ...(type ? { type } : {}), ...(rev ? { rev } : {}) };
  },
  filters: partsFilters,
});

export const { variables: partsVariables } = PARTS_SEARCH;
