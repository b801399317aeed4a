import { Group, TextInput } from '@mantine/core';
import { PART_SORTS, PART_TYPES, DEFAULT_PARTS_SORT, type PartsSearch } from './partsSearch.ts';
import { useTypedValue } from '../../components/list/useTypedValue.ts';
import { ListEnumSelect, ListSearchBox, ListSortSelect } from '../../components/list/ListInputs.tsx';

interface Props {
  search: PartsSearch;
  /** Criteria changed: show the first page for them. `typing` changes replace the history entry. */
  onChange(change: Partial<PartsSearch>, typing: boolean): void;
}

/** Search as you type, part type, revision and sort; the URL holds the values, these inputs edit them. */
export function PartsFilters({ search, onChange }: Props) {
  const rev = useTypedValue(search.rev ?? '', (value) => onChange({ rev: value }, true));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <ListSearchBox
        label="Search part number or description"
        value={search.q}
        onSearch={(q) => onChange({ q }, true)}
      />
      <ListEnumSelect
        label="Type"
        all="All types"
        values={PART_TYPES}
        value={search.type}
        onPick={(type) => onChange({ type }, false)}
      />
      <TextInput
        label="Revision"
        value={rev.text}
        onChange={(event) => rev.type(event.currentTarget.value)}
        size="md"
        autoComplete="off"
        spellCheck={false}
        style={{ flex: '1 1 120px' }}
      />
      <ListSortSelect
        sorts={PART_SORTS}
        value={search.sort ?? DEFAULT_PARTS_SORT}
        onSort={(sort) => onChange({ sort }, false)}
      />
    </Group>
  );
}
