import { ActionIcon, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPin, IconPinFilled } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Fragment, type ReactNode } from 'react';
import { usePinnedRecords, usePinnedSnapshot } from '../../pins/pinnedRecordsContext.tsx';
import { pinKey, type PinView } from '../../pins/pinnedPorts.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import { recordName, type RecordRef } from '../../records/recordKinds.ts';

/** Between the pin's state and each shortfall after it. */
const SEPARATOR = ' · ';

/** What pinning needs of a record: which one, and how the pins list names it. */
export interface PinnableRecord extends RecordRef {
  title: string;
  /** Its place in the work, e.g. "Run 1 · SN 0041 · Step 2". */
  context?: string;
}

/** This record's pin, when it is pinned. */
function usePin(record: RecordRef): PinView | undefined {
  const { pins } = usePinnedSnapshot();
  const key = pinKey(record);
  return pins.find((pin) => pinKey(pin) === key);
}

/** Pins the record, or unpins it when it is pinned. */
function useToggle(record: PinnableRecord): (() => void) | null {
  const pinned = usePinnedRecords();
  const pin = usePin(record);
  if (!pinned) return null;
  return () => (pin ? pinned.unpin(record) : pinned.pin(record));
}

/**
 * "Pin for offline" on a record page's header: a toggle (pressed while pinned) with the pin's state
 * under it. Pinning fetches the record ahead (a run with its steps and their fields, every attachments
 * list, small copies of images and the first page of each PDF) so the shift can open it offline.
 */
export function PinControl({ record }: { record: PinnableRecord }) {
  const toggle = useToggle(record);
  const pin = usePin(record);
  const { persisted } = usePinnedSnapshot();
  if (!toggle) return null;
  return (
    <Stack gap={4} align="flex-end" maw={240} style={{ flexShrink: 0 }}>
      <Button
        variant={pin ? 'filled' : 'default'}
        mih={44}
        h="auto"
        maw="100%"
        // A longer language wraps the words onto a second line rather than cutting them off.
        styles={{
          label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'start' },
          inner: { overflow: 'visible' },
        }}
        aria-pressed={!!pin}
        leftSection={<PinIcon pin={pin} />}
        onClick={toggle}
        data-testid="pin-toggle"
      >
        <FormattedMessage
          defaultMessage="Pin for offline"
          id="qmEN3o"
          description="Toggle that keeps a record and its files on the tablet for a shift offline"
        />
      </Button>
      {pin && <PinStatusLine pin={pin} align="right" />}
      {pin && persisted === false && <NotKeptByBrowser align="right" />}
    </Stack>
  );
}

/** The icon-sized toggle of a row (the recent list), named with the record it pins. */
export function CompactPinToggle({ record }: { record: PinnableRecord }) {
  const intl = useIntl();
  const toggle = useToggle(record);
  const pin = usePin(record);
  if (!toggle) return null;
  const name = recordName(record.kind, record.id, intl);
  return (
    <ActionIcon
      variant={pin ? 'filled' : 'default'}
      size={44}
      aria-pressed={!!pin}
      aria-label={intl.formatMessage({ defaultMessage: 'Pin {name} for offline', id: 'czMMMd' }, { name })}
      onClick={toggle}
      data-testid="pin-toggle"
    >
      <PinIcon pin={pin} />
    </ActionIcon>
  );
}

function PinIcon({ pin }: { pin: PinView | undefined }) {
  if (!pin) return <IconPin size={20} aria-hidden />;
  if (pin.status.state === 'pinning') return <Loader size={18} color="currentColor" aria-hidden />;
  if (pin.status.state === 'failed') return <IconAlertTriangle size={20} aria-hidden />;
  return <IconPinFilled size={20} aria-hidden />;
}

/** What a pin is doing: pinning (how far), pinned for offline (and what was left out), failed and why. */
export function PinStatusLine({ pin, align = 'left' }: { pin: PinView; align?: 'left' | 'right' }) {
  const pinned = usePinnedRecords();
  const { status } = pin;
  let words: ReactNode;
  if (status.state === 'pinning') {
    words = (
      <FormattedMessage
        defaultMessage="Pinning… {done} of {total}"
        id="RiZD5T"
        values={{ done: status.done, total: status.total }}
        description="Progress of fetching a pinned record, its related records and its files ahead"
      />
    );
  } else if (status.state === 'failed') {
    words = (
      <FormattedMessage
        defaultMessage="Pinning failed: {reason}"
        id="FXd6j1"
        values={{ reason: toUserMessage(status.error) }}
      />
    );
  } else if (status.state === 'waiting') {
    words = (
      <FormattedMessage defaultMessage="Pinned: fetched for offline when the network is back" id="TZnRK9" />
    );
  } else {
    words = (
      <>
        <FormattedMessage defaultMessage="Pinned for offline" id="CWpvce" />
        {/* Each shortfall after a dot, only when there is one. */}
        {[
          status.unreadable > 0 && (
            <FormattedMessage
              defaultMessage="{count, plural, one {# file could not be kept} other {# files could not be kept}}"
              id="o2XXO6"
              values={{ count: status.unreadable }}
            />
          ),
          status.leftOut > 0 && (
            <FormattedMessage
              defaultMessage="{count, plural, one {# file left out: over the budget} other {# files left out: over the budget}}"
              id="590J9R"
              values={{ count: status.leftOut }}
            />
          ),
        ].map(
          (shortfall, i) =>
            shortfall && (
              <Fragment key={i}>
                {SEPARATOR}
                {shortfall}
              </Fragment>
            ),
        )}
      </>
    );
  }
  return (
    <Stack gap={2} align={align === 'right' ? 'flex-end' : 'flex-start'}>
      <Text
        size="sm"
        role="status"
        ta={align}
        c={status.state === 'failed' ? 'red' : undefined}
        fw={status.state === 'pinned' ? 600 : undefined}
        data-testid="pin-status"
        data-state={status.state}
        style={{ overflowWrap: 'anywhere' }}
      >
        {words}
      </Text>
      {status.state === 'failed' && pinned && (
        <Group>
          <Button variant="light" size="sm" mih={44} onClick={() => pinned.retry(pin)}>
            <FormattedMessage defaultMessage="Try again" id="FazwRl" />
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Said wherever kept records are shown while the browser has not promised to keep the site's data. */
export function NotKeptByBrowser({ align = 'left' }: { align?: 'left' | 'right' }) {
  return (
    <Text size="sm" c="orange.9" ta={align} data-testid="not-persisted" style={{ overflowWrap: 'anywhere' }}>
      <FormattedMessage
        defaultMessage="This browser may delete kept records after 7 days without use."
        id="wd3vQe"
      />
    </Text>
  );
}
