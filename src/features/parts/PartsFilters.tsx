import { useState } from 'react';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { PART_SORTS, PART_TYPES, DEFAULT_PARTS_SORT, type PartsSearch } from './partsSearch.ts';
import { formatEnum } from '../../components/formatValue.ts';

interface Props {
  search: PartsSearch;
  /** Criteria changed: show the first page for them. `typing` changes replace the history entry. */
  onChange(change: Partial<PartsSearch>, typing: boolean): void;
}

/** Long enough not to search on every key of a word typed at speed, short enough to feel immediate. */
const TYPING_DELAY_MS = 200;

/** Search as you type, part type, revision and sort; the URL holds the values, these inputs edit them. */
export function PartsFilters({ search, onChange }: Props) {
  const q = useTypedValue(search.q ?? '', (value) => onChange({ q: value }, true));
  const rev = useTypedValue(search.rev ?? '', (value) => onChange({ rev: value }, true));

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Search part number or description"
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
      <NativeSelect
        label="Type"
        value={search.type ?? ''}
        onChange={(event) => {
          const value = PART_TYPES.find((t) => t === event.currentTarget.value);
          onChange({ type: value }, false);
        }}
        data={[
          { value: '', label: 'All types' },
          ...PART_TYPES.map((t) => ({ value: t, label: formatEnum(t) ?? t })),
        ]}
        size="md"
        style={{ flex: '1 1 140px' }}
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
      <NativeSelect
        label="Sort by"
        value={search.sort ?? DEFAULT_PARTS_SORT}
        onChange={(event) => {
          const value = PART_SORTS.find((s) => s.value === event.currentTarget.value)?.value;
          onChange({ sort: value }, false);
        }}
        data={PART_SORTS.map((s) => ({ value: s.value, label: s.label }))}
        size="md"
        style={{ flex: '1 1 180px' }}
      />
    </Group>
  );
}

/**
 * A text input's value while typing, handed on after a pause, or at once with `now` (Enter: what a
 * barcode scanner sends after the code, so a scanned part number does not wait for the pause); when
 * the URL changes underneath (Back, a shared link) the input shows the URL's value again.
 */
function useTypedValue(fromUrl: string, commit: (value: string) => void) {
  const [text, setText] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  const debounced = useDebouncedCallback((value: string) => {
    if (value.trim() !== fromUrl) commit(value.trim());
  }, TYPING_DELAY_MS);
  if (fromUrl !== seen) {
    setSeen(fromUrl);
    if (text.trim() !== fromUrl) setText(fromUrl);
  }
  return {
    text,
    type: (value: string) => {
      setText(value);
      debounced(value);
    },
    now: () => debounced.flush(),
  };
}
