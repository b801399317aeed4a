import type { ReactNode } from 'react';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useTypedValue } from './useTypedValue.ts';
import { formatEnum } from '../formatValue.ts';
import type { ListSearch } from './listSearch.ts';

/**
 * A list's search box: searches after a typing pause, or at once on Enter (what a barcode scanner
 * sends after the code); the URL holds the value, `onSearch` changes it.
 */
export function ListSearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string | undefined;
  onSearch(value: string): void;
}) {
  return <ListTextFilter label={label} value={value} onType={onSearch} search />;
}

/** A list's "Sort by": one of `sorts`, the default shown when the URL names none. */
export function ListSortSelect<S extends string>({
  sorts,
  value,
  onSort,
}: {
  sorts: readonly { value: S; label: MessageDescriptor }[];
  value: S;
  onSort(value: S | undefined): void;
}) {
  const intl = useIntl();
  return (
    <NativeSelect
      label={intl.formatMessage({ defaultMessage: 'Sort by', id: 'hDI+JM' })}
      value={value}
      onChange={(event) => onSort(sorts.find((s) => s.value === event.currentTarget.value)?.value)}
      data={sorts.map((s) => ({ value: s.value, label: intl.formatMessage(s.label) }))}
      size="md"
      style={{ flex: '1 1 180px' }}
    />
  );
}

/** A filter by one of an enum's values, or none (`all`, e.g. "Any status"); values read as words. */
export function ListEnumSelect<V extends string>({
  label,
  all,
  values,
  value,
  onPick,
}: {
  label: string;
  all: string;
  values: readonly V[];
  value: V | undefined;
  onPick(value: V | undefined): void;
}) {
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      onChange={(event) => onPick(values.find((v) => v === event.currentTarget.value))}
      data={[{ value: '', label: all }, ...values.map((v) => ({ value: v, label: formatEnum(v) ?? v }))]}
      size="md"
      style={{ flex: '1 1 160px' }}
    />
  );
}

/**
 * A filter typed as text (e.g. a part's revision), applied after a typing pause; as the `search` box,
 * wider, with a search icon, and applied at once on Enter.
 */
export function ListTextFilter({
  label,
  value,
  onType,
  search = false,
}: {
  label: string;
  value: string | undefined;
  onType(value: string): void;
  search?: boolean;
}) {
  const typed = useTypedValue(value ?? '', onType);
  return (
    <TextInput
      label={label}
      type={search ? 'search' : undefined}
      value={typed.text}
      onChange={(event) => typed.type(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (search && event.key === 'Enter') typed.now();
      }}
      leftSection={search ? <IconSearch size={20} aria-hidden="true" /> : undefined}
      size="md"
      autoComplete="off"
      spellCheck={false}
      style={{ flex: search ? '3 1 280px' : '1 1 120px' }}
    />
  );
}

/** What a list's filters take: the URL's search, and its change (a list browser's `onCriteria`). */
export interface ListCriteriaProps<S> {
  search: S;
  /** Criteria changed: show the first page for them. `typing` changes replace the history entry. */
  onChange(change: Partial<S>, typing: boolean): void;
}

/**
 * A list's search box, its own filters (`children`) and its sort, in one row that wraps; the URL
 * holds the values, these inputs edit them. `typing` changes replace the history entry.
 */
export function ListFilters<S extends ListSearch<Sort>, Sort extends string>({
  search,
  searchLabel,
  list,
  onChange,
  children,
}: ListCriteriaProps<S> & {
  searchLabel: string;
  list: { sorts: readonly { value: Sort; label: MessageDescriptor }[]; defaultSort: Sort };
  children: ReactNode;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <ListSearchBox
        label={searchLabel}
        value={search.q}
        onSearch={(q) => onChange({ q } as Partial<S>, true)}
      />
      {children}
      <ListSortSelect
        sorts={list.sorts}
        value={search.sort ?? list.defaultSort}
        onSort={(sort) => onChange({ sort } as Partial<S>, false)}
      />
    </Group>
  );
}
