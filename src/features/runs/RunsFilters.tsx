import { Group } from '@mantine/core';
import { DEFAULT_RUNS_SORT, RUN_SORTS, RUN_STATUSES, type RunsSearch } from './runsSearch.ts';
import { ListEnumSelect, ListSearchBox, ListSortSelect } from '../../components/list/ListInputs.tsx';

interface Props {
  search: RunsSearch;
  /** Criteria changed: show the first page for them. `typing` changes replace the history entry. */
  onChange(change: Partial<RunsSearch>, typing: boolean): void;
}

/** Search as you type, status and sort; the URL holds the values, these inputs edit them. */
export function RunsFilters({ search, onChange }: Props) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <ListSearchBox
        label="Search serial, run, part or procedure"
        value={search.q}
        onSearch={(q) => onChange({ q }, true)}
      />
      <ListEnumSelect
        label="Status"
        all="Any status"
        values={RUN_STATUSES}
        value={search.status}
        onPick={(status) => onChange({ status }, false)}
      />
      <ListSortSelect
        sorts={RUN_SORTS}
        value={search.sort ?? DEFAULT_RUNS_SORT}
        onSort={(sort) => onChange({ sort }, false)}
      />
    </Group>
  );
}
