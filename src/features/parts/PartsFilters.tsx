import { Group, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
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
  const intl = useIntl();
  const rev = useTypedValue(search.rev ?? '', (value) => onChange({ rev: value }, true));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <ListSearchBox
        label={intl.formatMessage({ defaultMessage: 'Search part number or description', id: 'z0wqL7' })}
        value={search.q}
        onSearch={(q) => onChange({ q }, true)}
      />
      <ListEnumSelect
        label={intl.formatMessage({
          defaultMessage: 'Type',
          id: 'uz1Sk0',
          description: "A part's type (part or tool)",
        })}
        all={intl.formatMessage({
          defaultMessage: 'All types',
          id: 'fgHJPN',
          description: 'No filter by part type',
        })}
        values={PART_TYPES}
        value={search.type}
        onPick={(type) => onChange({ type }, false)}
      />
      <TextInput
        label={intl.formatMessage({
          defaultMessage: 'Revision',
          id: 'AXbv/L',
          description: "A part's revision (e.g. Rev C)",
        })}
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
