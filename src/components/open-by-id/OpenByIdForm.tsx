import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { parseRecordRef } from './parseRecordRef.ts';
import { OPEN_BY_ID_INPUT_ID, OPEN_BY_ID_KEYS } from './openByIdShortcut.ts';
import { RECORD_KINDS, RECORD_ROUTES, isRecordKind, type RecordKind } from '../../records/recordKinds.ts';
import readable from '../records/readable.module.css';
import desktop from '../feedback/desktopOnly.module.css';

/**
 * One box for what a technician types or a barcode scanner sends (characters, then Enter): a number
 * with the kind chosen beside it, a prefixed value such as `RUN-42`, or a link of this app.
 */
export function OpenByIdForm() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<RecordKind>('part');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseRecordRef(text, kind, window.location.origin);
    if (!result.ok) {
      setError(result.message);
      // The next scan replaces the refused value instead of being appended to it.
      input.current?.select();
      return;
    }
    setError(null);
    // Every record route takes the same `$id` param; navigate cannot type-check a union of routes.
    void navigate({
      to: RECORD_ROUTES[result.kind] as (typeof RECORD_ROUTES)['run'],
      params: { id: String(result.id) },
    });
  };

  const searchText = text.trim();
  return (
    <form onSubmit={submit} noValidate aria-label="Open a record by id">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label="Kind"
            value={kind}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isRecordKind(value)) setKind(value);
            }}
            data={RECORD_KINDS.map((k) => ({ value: k.kind, label: k.label }))}
            size="lg"
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            ref={input}
            id={OPEN_BY_ID_INPUT_ID}
            label="Id, scanned label or link"
            placeholder="42, RUN-42 or a link"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            size="lg"
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            aria-keyshortcuts={OPEN_BY_ID_KEYS.aria}
            leftSection={<IconBarcode size={22} aria-hidden="true" />}
            style={{ flex: '1 1 260px' }}
          />
          <Button type="submit" size="lg" mt={{ base: 0, xs: 30 }} w={{ base: '100%', xs: 'auto' }}>
            Open
          </Button>
        </Group>
        {error && searchText !== '' && !/^https?:|^\//i.test(searchText) && (
          <Text size="sm">
            Looking for a part by its number?{' '}
            <Anchor
              className={readable.link}
              renderRoot={(props) => <Link {...props} to="/parts" search={{ q: searchText }} />}
            >
              Search parts for “{searchText.length > 40 ? `${searchText.slice(0, 39)}…` : searchText}”
            </Anchor>
          </Text>
        )}
        <Text size="sm" className={`${readable.muted} ${desktop.desktopOnly}`}>
          Press {OPEN_BY_ID_KEYS.text} on any page to come back to this box.
        </Text>
      </Stack>
    </form>
  );
}
