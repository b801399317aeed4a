import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { OPEN_BY_ID_INPUT_ID, OPEN_BY_ID_KEYS } from './openByIdShortcut.ts';
import { RECORD_KINDS, isRecordKind, recordKindLabel, type RecordKind } from '../../records/recordKinds.ts';
import readable from '../../components/readable.module.css';
import { readChosenKind, rememberKind } from './rememberedKind.ts';
import { useOpenRecordRef } from './useOpenRecordRef.ts';
import { RunChoiceList } from './RunChoiceList.tsx';
import type { RecordRefDestination } from './resolveRecordRef.ts';
import { useScanner } from '../../scanner/scannerContext.tsx';
import { readCameraAfterScan, rememberCameraAfterScan } from './scan/cameraAfterScan.ts';
import desktop from '../../components/desktopOnly.module.css';

/**
 * One box for what a technician types or a barcode scanner sends (characters, then Enter): a number
 * with the kind chosen beside it, a prefixed value such as `RUN-42`, a part number, or a link of this
 * app. While it is on the page, scans from anywhere on the page land here too.
 */
export function OpenByIdForm() {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const open = useOpenRecordRef();
  const scanner = useScanner();
  // Null until someone chooses a Kind here: the box then reads Part, and `0041` only as a serial.
  const [chosenKind, setKind] = useState<RecordKind | null>(() => readChosenKind());
  const kind = chosenKind ?? 'part';
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState<Extract<RecordRefDestination, { to: 'choose' }> | null>(null);
  const [cameraAfterScan, setCameraAfterScan] = useState(() => readCameraAfterScan());

  useEffect(() => input.current?.focus(), []);

  const openText = useCallback(
    async (value: string, chosen: RecordKind | null, scanned = false) => {
      setChoice(null);
      const destination = await open(value, chosen ?? 'part', { scanned, idsAsked: chosen !== null });
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
            intl.formatMessage(
              {
                defaultMessage:
                  '“{scanned}” is too short for a scanned label, so it was not opened. Scan again, or press Open.',
                id: 'liBT+y',
                description: '{scanned} is what the scanner sent; "Open" is the button beside the box',
              },
              { scanned },
            ),
          );
          input.current?.select();
          return;
        }
        setError(null);
        void openText(scanned, chosenKind, true);
      },
      { page: true },
    );
  }, [scanner, openText, chosenKind, intl]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    void openText(text, chosenKind);
  };

  const searchText = text.trim();
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage({ defaultMessage: 'Open a record by id', id: 'xfSapR' })}
    >
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label={intl.formatMessage({
              defaultMessage: 'Kind',
              id: '5gwK6U',
              description: 'The kind of record a typed number opens (part, run, procedure…)',
            })}
            value={kind}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (!isRecordKind(value)) return;
              setKind(value);
              rememberKind(value);
            }}
            data={RECORD_KINDS.map((k) => ({ value: k.kind, label: recordKindLabel(k.kind, intl) }))}
            size="lg"
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            ref={input}
            id={OPEN_BY_ID_INPUT_ID}
            label={intl.formatMessage({ defaultMessage: 'Id, scanned label or link', id: 'II1hZz' })}
            placeholder={intl.formatMessage({
              defaultMessage: '42, RUN-42, SN 0041 or a link',
              id: '1z5BVi',
              description: 'Examples of what the box opens: "RUN-42" and "SN 0041" are typed as they are',
            })}
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
            <FormattedMessage
              defaultMessage="Open"
              id="iQ7wr9"
              description="Button: open the record the box names"
            />
          </Button>
        </Group>
        {choice && <RunChoiceList serial={choice.serial} runs={choice.runs} />}
        {error && searchText !== '' && !/^https?:|^\//i.test(searchText) && (
          <Text size="sm">
            <FormattedMessage
              defaultMessage="Looking for a part by its number? <link>Search parts for “{text}”</link>"
              id="p1HfZl"
              description="{text} is what was typed; the link searches the parts list for it"
              values={{
                text: searchText.length > 40 ? `${searchText.slice(0, 39)}…` : searchText,
                link: (chunks) => (
                  <Anchor
                    className={readable.link}
                    renderRoot={(props) => <Link {...props} to="/parts" search={{ q: searchText }} />}
                  >
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          </Text>
        )}
        <Switch
          size="lg"
          label={intl.formatMessage({
            defaultMessage: 'Open the camera as soon as a scan or a typed id opens a record',
            id: 'IOCMPF',
          })}
          checked={cameraAfterScan}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setCameraAfterScan(on);
            rememberCameraAfterScan(on);
          }}
        />
        <Text size="sm" c="dimmed" className={desktop.desktopOnly}>
          <FormattedMessage
            defaultMessage="Press {slash} or {ctrlK} on any page to come back to this box."
            id="Cv+05r"
            description="{slash} and {ctrlK} are keyboard keys (/ and Ctrl+K)"
            values={{ slash: OPEN_BY_ID_KEYS.slash, ctrlK: OPEN_BY_ID_KEYS.ctrlK }}
          />
        </Text>
      </Stack>
    </form>
  );
}
