import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { RunSortEnum, RunStatus, RunsInputFilters } from '../../graphql/generated/graphql.ts';
import { everyWord, likeContains } from '../../components/list/likePatterns.ts';
import { parseSerialLabel, type SerialKind } from '../../records/serialNumbers.ts';
import {
  defineListSearch,
  LIST_SORT_LABELS,
  oneOf,
  type ListSearch,
} from '../../components/list/listSearch.ts';

/** Rows per page, as the parts list. */
export const RUNS_PAGE_SIZE = 25;

export const RUN_STATUSES = [
  'TODO',
  'IN_PROGRESS',
  'HOLD',
  'FAILED',
  'REDLINE',
  'PARTIAL_COMPLETE',
  'COMPLETE',
  'CANCELED',
] as const satisfies readonly RunStatus[];

export const RUN_SORT_LABELS = defineMessages({
  oldest: {
    defaultMessage: 'Oldest first',
    id: 'gGT+Kx',
    description: 'A sort order of a list: first created first',
  },
  title: { defaultMessage: 'Title A–Z', id: 'km4Y3b', description: 'A sort order of the runs list' },
  due: {
    defaultMessage: 'Due soonest',
    id: 'IA+ZeG',
    description: 'A sort order of the runs list: earliest due date first',
  },
  status: {
    defaultMessage: 'Status',
    id: 'aw8Tip',
    description: "A run's status (to do, in progress, complete…)",
  },
});

export const RUN_SORTS = [
  { value: '_CREATED_DESC', label: LIST_SORT_LABELS.newest },
  { value: '_CREATED_ASC', label: RUN_SORT_LABELS.oldest },
  { value: 'TITLE_ASC', label: RUN_SORT_LABELS.title },
  { value: 'DUE_DATE_ASC', label: RUN_SORT_LABELS.due },
  { value: 'STATUS_ASC', label: RUN_SORT_LABELS.status },
  { value: '_UPDATED_DESC', label: LIST_SORT_LABELS.updated },
] as const satisfies readonly { value: RunSortEnum; label: MessageDescriptor }[];

export type RunsSort = (typeof RUN_SORTS)[number]['value'];
export const DEFAULT_RUNS_SORT: RunsSort = '_CREATED_DESC';

/** The runs page's state, all of it in the URL so it can be shared and Back restores it. */
export interface RunsSearch extends ListSearch<RunsSort> {
  status?: (typeof RUN_STATUSES)[number];
  /** Only the runs of this part or this procedure (a record page's "all runs" link). */
  part?: number;
  procedure?: number;
}

function positiveId(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** One word, in the run's title (where its serial is), its part's number or its procedure's title. */
function wordFilter(pattern: string): RunsInputFilters {
  return {
    or_: [
      { title: { ilike: pattern } },
      { partNumber: { ilike: pattern } },
      { procedure: { title: { ilike: pattern } } },
    ],
  };
}

/**
 * How titles write a serial or lot: `SN 0041` or `S/N 0041`, `lot 24-117`; anywhere for a bare value.
 * The server's words, not the technician's language.
 */
export function serialTitleFilter(value: string, kind: SerialKind | null): RunsInputFilters {
  const written =
    kind === 'serial' ? [`SN ${value}`, `S/N ${value}`] : kind === 'lot' ? [`lot ${value}`] : [value];
  return { or_: written.map((text) => ({ title: { ilike: likeContains(text) } })) };
}

export function runsFilters(search: RunsSearch): RunsInputFilters {
  // A serial or lot as a label writes it ("SN 0041", "S/N 0041") is looked for as a whole; anything
  // else word by word, in any order: "0041 bracket" finds SN 0041 of the bracket.
  const serial = search.q ? parseSerialLabel(search.q) : null;
  const filters: RunsInputFilters = serial
    ? serialTitleFilter(serial.value, serial.kind)
    : everyWord(search.q, wordFilter);
  if (search.status) filters.status = { eq: search.status };
  if (search.part) filters.partId = { eq: String(search.part) };
  if (search.procedure) filters.procedureId = { eq: String(search.procedure) };
  return filters;
}

export const RUNS_SEARCH = defineListSearch<RunsSearch, RunsSort, RunsInputFilters>({
  pageSize: RUNS_PAGE_SIZE,
  sorts: RUN_SORTS,
  defaultSort: DEFAULT_RUNS_SORT,
  filterNames: ['status', 'part', 'procedure'],
  validateFilters: (raw) => {
    const status = oneOf(RUN_STATUSES, raw.status);
    const part = positiveId(raw.part);
    const procedure = positiveId(raw.procedure);
    return { ...(status ? { status } : {}), ...(part ? { part } : {}), ...(procedure ? { procedure } : {}) };
  },
  filters: runsFilters,
});

export const { variables: runsVariables } = RUNS_SEARCH;
