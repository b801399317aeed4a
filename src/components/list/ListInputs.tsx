import { NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useTypedValue } from './useTypedValue.ts';
import { formatEnum } from '../formatValue.ts';

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
  const q = useTypedValue(value ?? '', onSearch);
  return (
    <TextInput
      label={label}
      type="search"
      value={q.text}
      onChange={(event) => q.type(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') q.now();
      }}
      leftSection={<IconSearch size={20} aria-hidden="true" />}
      size="md"
      autoComplete="off"
      spellCheck={false}
      style={{ flex: '3 1 280px' }}
    />
  );
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
