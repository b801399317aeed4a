import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { OPEN_BY_ID_INPUT_ID, OPEN_BY_ID_KEYS } from './openByIdShortcut.ts';
import { RECORD_KINDS, isRecordKind, type RecordKind } from '../../records/recordKinds.ts';
import readable from '../../components/readable.module.css';
import { readRememberedKind, rememberKind } from './rememberedKind.ts';
import { useOpenRecordRef } from './useOpenRecordRef.ts';
import { RunChoiceList } from './RunChoiceList.tsx';
import type { RecordRefDestination } from './resolveRecordRef.ts';
import { useScanner } from './scan/scannerContext.tsx';
import { readCameraAfterScan, rememberCameraAfterScan } from './scan/cameraAfterScan.ts';
import desktop from '../../components/desktopOnly.module.css';

/**
 * One box for what a technician types or a barcode scanner sends (characters, then Enter): a number
 * with the kind chosen beside it, a prefixed value such as `RUN-42`, a part number, or a link of this
 * app. While it is on the page, scans from anywhere on the page land here too.
 */
export function OpenByIdForm() {
  const input = useRef<HTMLInputElement>(null);
  const open = useOpenRecordRef();
  const scanner = useScanner();
  const [kind, setKind] = useState<RecordKind>(() => readRememberedKind());
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState<Extract<RecordRefDestination, { to: 'choose' }> | null>(null);
  const [cameraAfterScan, setCameraAfterScan] = useState(() => readCameraAfterScan());

  useEffect(() => input.current?.focus(), []);

  const openText = useCallback(
    async (value: string, chosen: RecordKind, scanned = false) => {
      setChoice(null);
      const destination = await open(value, chosen, { scanned });
      if (destination.to === 'choose') setChoice(destination);
      if (destination.to !== 'refused') return;
      setError(destination.message);
      // The next scan replaces the refused value instead of being appended to it.
      input.current?.select();
    },
    [open],
  );

  useEffect(() => {
    if (!scanner) return;
    return scanner.handle(
      ({ text: scanned, tooShort }) => {
        setText(scanned);
        if (tooShort) {
          setError(
            `“${scanned}” is too short for a scanned label, so it was not opened. Scan again, or press Open.`,
          );
          input.current?.select();
          return;
        }
        setError(null);
        void openText(scanned, kind, true);
      },
      { page: true },
    );
  }, [scanner, openText, kind]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    void openText(text, kind);
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
              if (!isRecordKind(value)) return;
              setKind(value);
              rememberKind(value);
            }}
            data={RECORD_KINDS.map((k) => ({ value: k.kind, label: k.label }))}
            size="lg"
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            ref={input}
            id={OPEN_BY_ID_INPUT_ID}
            label="Id, scanned label or link"
            placeholder="42, RUN-42, SN 0041 or a link"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
              setChoice(null);
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
        {choice && <RunChoiceList serial={choice.serial} runs={choice.runs} />}
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
        <Switch
          size="lg"
          label="Open the camera as soon as a scan or a typed id opens a record"
          checked={cameraAfterScan}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setCameraAfterScan(on);
            rememberCameraAfterScan(on);
          }}
        />
        <Text size="sm" c="dimmed" className={desktop.desktopOnly}>
          Press {OPEN_BY_ID_KEYS.text} on any page to come back to this box.
        </Text>
      </Stack>
    </form>
  );
}
