import { RecordAnchor } from '../../components/RecordAnchor.tsx';
import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { EmptyNote } from '../../components/EmptyNote.tsx';
import { useId } from 'react';
import { usePinnedSnapshot } from '../../pins/pinnedRecordsContext.tsx';
import { useKeptRecordsDropped } from '../../graphql/keptRecordsContext.tsx';
import { pinKey, type PinView } from '../../pins/pinnedPorts.ts';
import { recordWithTitle } from '../../records/recordKinds.ts';
import { NotKeptByBrowser } from './PinControl.tsx';
import { PinnableRow } from './PinnableRow.tsx';

const MB = 1024 * 1024;

const NOTHING_PINNED = defineMessage({
  defaultMessage:
    'Nothing is pinned now. Copies kept for records pinned before stay until their room is needed.',
  id: 'xfFJ/Y',
});

/** "34 MB", "2.5 MB", "0.03 MB": megabytes in the person's language, never a misleading "0 MB". */
export function formatMegabytes(intl: IntlShape, bytes: number): string {
  const mb = bytes / MB;
  const digits =
    mb >= 10 || mb === 0
      ? { maximumFractionDigits: 0 }
      : mb >= 1
        ? { maximumFractionDigits: 1 }
        : { maximumSignificantDigits: 1 };
  return intl.formatNumber(mb, { style: 'unit', unit: 'megabyte', ...digits });
}

/**
 * The home page's "Pinned for the shift": how much the kept copies take of the budget, whether the
 * browser may delete them, and each pinned record with its state and its toggle. Shown once something
 * is pinned or kept: the home page is where a technician starts the shift, and where they come back to
 * offline.
 */
export function KeptForOfflinePanel() {
  const intl = useIntl();
  const headingId = useId();
  const { pins, usageBytes, budgetBytes, persisted, dropped } = usePinnedSnapshot();
  const recordsDropped = useKeptRecordsDropped();
  const droppedOnLoad = dropped ?? recordsDropped;
  if (pins.length === 0 && usageBytes === 0 && !droppedOnLoad) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="kept-for-offline">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          <FormattedMessage defaultMessage="Pinned for the shift" id="Qd64l/" />
        </Title>
        <Stack gap={4}>
          <Text data-testid="kept-usage">
            <FormattedMessage
              defaultMessage="Kept for offline: {used} of {budget}"
              id="HTq+7O"
              values={{ used: formatMegabytes(intl, usageBytes), budget: formatMegabytes(intl, budgetBytes) }}
            />
          </Text>
          <Progress
            value={budgetBytes > 0 ? Math.min(100, (usageBytes / budgetBytes) * 100) : 0}
            aria-label={intl.formatMessage({ defaultMessage: 'Room kept for offline, used', id: 'bAlbKz' })}
          />
          {persisted === false && <NotKeptByBrowser />}
          {droppedOnLoad && (
            <Text size="sm" c="orange.9" data-testid="kept-dropped">
              <FormattedMessage
                defaultMessage="{reason, select, newer {What this tablet kept for offline was saved by a newer version of Floor Attach, which this one cannot read: it was cleared. Pin your records again to keep them for the shift.} other {What this tablet kept for offline could not be read: it was cleared. Pin your records again to keep them for the shift.}}"
                id="UbIqfK"
                values={{ reason: droppedOnLoad }}
              />
            </Text>
          )}
        </Stack>
        {pins.length === 0 ? (
          <EmptyNote>{intl.formatMessage(NOTHING_PINNED)}</EmptyNote>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {pins.map((pin) => (
              <li key={pinKey(pin)}>
                <PinnableRow record={pin}>
                  <PinnedLink pin={pin} />
                </PinnableRow>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function PinnedLink({ pin }: { pin: PinView }) {
  const intl = useIntl();
  return (
    <RecordAnchor
      record={pin}
      style={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        minHeight: 44,
        overflowWrap: 'anywhere',
      }}
    >
      <Text span fw={700}>
        {recordWithTitle(pin.kind, pin.id, pin.title, intl)}
      </Text>
      {pin.context && (
        <Text span size="sm">
          {pin.context}
        </Text>
      )}
    </RecordAnchor>
  );
}
