import { Alert, Badge, Box, Button, Drawer, Group, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications, type NotificationData } from '@mantine/notifications';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { EmptyNote } from '../../components/EmptyNote.tsx';
import { isFinished, waitsForNetwork, type UploadEntry } from '../../upload/types.ts';
import { useReachability } from '../../pwa/useOnline.ts';
import type { UploadEvent } from '../../upload/uploadQueue.ts';
import { announce } from './uploadAnnouncement.ts';
import { appIntl } from '../../i18n/index.ts';
import { afterNextPaint } from '../../lib/afterNextPaint.ts';
import { UploadList } from './UploadList.tsx';
import { useUploadQueue, useUploads, useUploadsValue } from '../../upload/uploadQueueContext.tsx';
import { useHasPendingShots } from './camera/PendingShotRows.tsx';
import { usePendingShotCount } from './camera/pendingShots.ts';
import { useAskBeforeLeaving } from './useAskBeforeLeaving.ts';

const countPending = (entries: readonly UploadEntry[]) =>
  entries.filter((entry) => !isFinished(entry.state)).length;
const countFailed = (entries: readonly UploadEntry[]) =>
  entries.filter((entry) => entry.state === 'failed').length;

/** The tray's summaries, by what is left: files still to go, failed ones, or both. */
const SUMMARIES: Record<'both' | 'pending' | 'failed', MessageDescriptor> = defineMessages({
  both: {
    defaultMessage:
      '{pending, plural, one {# pending} other {# pending}}, {failed, plural, one {# failed} other {# failed}}',
    id: 'jw9TJt',
    description: 'Uploads still to go, and failed ones',
  },
  pending: {
    defaultMessage: '{pending, plural, one {# pending} other {# pending}}',
    id: 'Cy445i',
    description: 'Uploads still to go',
  },
  failed: {
    defaultMessage: '{failed, plural, one {# failed} other {# failed}}',
    id: 'Skbncz',
    description: 'Uploads that failed',
  },
});

const NOTHING_UPLOADED = defineMessage({
  defaultMessage: 'Nothing uploaded yet. Drop files on a record to attach them.',
  id: 'yckjN1',
});

/** "3 pending, 1 failed", "3 pending", "1 failed", or '' when nothing is left to do. */
function summaryOf(pending: number, failed: number, intl: IntlShape): string {
  const which = pending > 0 ? (failed > 0 ? 'both' : 'pending') : failed > 0 ? 'failed' : null;
  return which ? intl.formatMessage(SUMMARIES[which], { pending, failed }) : '';
}

/** How many uploads are still to go and how many failed, and the words for both. */
function useUploadSummary(): { pending: number; failed: number; summary: string } {
  const intl = useIntl();
  // A photo being taken is still to go, though it is not in the queue yet.
  const pending = useUploadsValue(countPending) + usePendingShotCount();
  const failed = useUploadsValue(countFailed);
  return { pending, failed, summary: summaryOf(pending, failed, intl) };
}

/** The drawer's body: mounted only while the drawer is open, so only then does it follow every change. */
function TrayContents() {
  const intl = useIntl();
  const queue = useUploadQueue();
  const uploads = useUploads();
  const { summary } = useUploadSummary();
  const offline = uploads.some((entry) => waitsForNetwork(entry.waiting));
  const reachability = useReachability();
  const finished = uploads.some((entry) => entry.state === 'attached' || entry.state === 'cancelled');
  const shooting = useHasPendingShots('all');
  return (
    <>
      {offline && (
        <Alert color="orange" icon={<IconWifiOff size={20} aria-hidden />} mb="sm">
          {reachability === 'unreachable' ? (
            <FormattedMessage
              defaultMessage="Cannot reach the server, although the device says it is online. Uploads continue by themselves when the server answers again."
              id="Bq46om"
              description="Lie-fi: the Wi-Fi is connected but no request reaches the server"
            />
          ) : (
            <FormattedMessage
              defaultMessage="This device is offline. Uploads continue by themselves when the connection is back."
              id="K6d7GI"
            />
          )}
        </Alert>
      )}
      {uploads.length === 0 && !shooting ? (
        <EmptyNote>{intl.formatMessage(NOTHING_UPLOADED)}</EmptyNote>
      ) : (
        <UploadList
          entries={uploads}
          shotsOf="all"
          title={
            summary
              ? intl.formatMessage({ defaultMessage: 'All uploads ({summary})', id: 'nUqw/+' }, { summary })
              : intl.formatMessage({ defaultMessage: 'All uploads', id: 'T9DzS/' })
          }
        />
      )}
      {finished && (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => queue.clearFinished()}>
            <FormattedMessage
              defaultMessage="Clear finished"
              id="fPyeVS"
              description="Removes the finished uploads from the list"
            />
          </Button>
        </Group>
      )}
    </>
  );
}

/**
 * The drawer with every upload. Memoised: the tray renders at each change of its counts (twice per
 * file), and a closed drawer's own render (Mantine's modal parts) was a fifth of the render that
 * lists a file on a tablet's CPU (bench/LOG.md, issue 40).
 */
const TrayDrawer = memo(function TrayDrawer({
  opened,
  onClose: close,
}: {
  opened: boolean;
  onClose(): void;
}) {
  const intl = useIntl();
  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      title={intl.formatMessage({
        defaultMessage: 'Uploads',
        id: 'dATRWb',
        description: 'The upload queue',
      })}
      closeButtonProps={{
        'aria-label': intl.formatMessage({ defaultMessage: 'Close uploads', id: 'GCAjkx' }),
      }}
    >
      <TrayContents />
    </Drawer>
  );
});

/**
 * The header's way to every upload of this session from any page: how many are still pending, the
 * list with overall progress, and a notification plus a screen-reader announcement when files are
 * attached or fail. While a file is held only in this page, leaving the page asks first.
 */
export function UploadTray() {
  const intl = useIntl();
  const queue = useUploadQueue();
  const [opened, { open, close }] = useDisclosure(false);
  const [spoken, setSpoken] = useState('');
  useAskBeforeLeaving();

  useEffect(() => {
    // Successes are told once the queue is idle (one line for a batch of 500, not 500 toasts over the
    // header); failures at once, in a single notification that is updated while it is shown.
    let attachedSinceIdle: UploadEvent[] = [];
    const shown = new Set<string>();
    // The notices wait for the paint of the change they tell of (the file listed on its record, the
    // row leaving the upload list): rendered in the same task, a notice and its measuring held that
    // change ~100 ms on a tablet's CPU (bench/LOG.md, issue 40). The spoken status below does not wait.
    const waiting = new Map<string, NotificationData & { id: string }>();
    let cancelShowing: (() => void) | null = null;
    const showWaiting = () => {
      cancelShowing = null;
      for (const [id, data] of waiting) {
        if (shown.has(id)) notifications.update(data);
        else notifications.show(data);
        shown.add(id);
      }
      waiting.clear();
    };
    const stop = queue.onEvents((events) => {
      attachedSinceIdle.push(...events.filter((event) => event.type === 'attached'));
      // A photo held while it is marked up waits for the technician, not for the queue.
      const idle = queue
        .getSnapshot()
        .every((entry) => isFinished(entry.state) || entry.markup !== undefined);
      const told = [...events.filter((event) => event.type === 'failed'), ...(idle ? attachedSinceIdle : [])];
      if (idle) attachedSinceIdle = [];
      // In the language in force when they are told (the effect outlives a change of language).
      const announcements = announce(told);
      if (announcements.length === 0) return;
      for (const color of ['green', 'red'] as const) {
        const mine = announcements.filter((a) => a.color === color);
        if (mine.length === 0) continue;
        const id = `uploads-${color}`;
        const data = {
          id,
          color,
          title: mine[0]!.title,
          message: mine.map((a) => a.message).join(' '),
          autoClose: color === 'red' ? 10_000 : 4_000,
          closeButtonProps: {
            'aria-label': appIntl().formatMessage({ defaultMessage: 'Close', id: 'rbrahO' }),
          },
          onClose: () => shown.delete(id),
        };
        waiting.set(id, data);
      }
      cancelShowing ??= afterNextPaint(showWaiting);
      setSpoken(announcements.map((a) => a.message).join(' '));
    });
    return () => {
      stop();
      cancelShowing?.();
    };
  }, [queue]);

  const { pending, failed, summary } = useUploadSummary();

  return (
    <>
      <Button
        variant="subtle"
        onClick={open}
        leftSection={<IconCloudUpload size={20} aria-hidden />}
        rightSection={
          pending + failed > 0 ? (
            <Badge color={failed > 0 ? 'red' : 'blue'} circle={false} aria-hidden>
              {pending + failed}
            </Badge>
          ) : undefined
        }
        aria-label={
          summary
            ? intl.formatMessage(
                { defaultMessage: 'Uploads: {summary}', id: 'X58ltL', description: 'The upload tray button' },
                { summary },
              )
            : intl.formatMessage({ defaultMessage: 'Uploads', id: 'dATRWb', description: 'The upload queue' })
        }
      >
        {/* Phones keep the icon and count; the accessible name is always there. */}
        <Box component="span" visibleFrom="sm">
          <FormattedMessage defaultMessage="Uploads" id="dATRWb" description="The upload queue" />
        </Box>
      </Button>
      <VisuallyHidden aria-live="polite" role="status">
        {spoken}
      </VisuallyHidden>
      <TrayDrawer opened={opened} onClose={close} />
    </>
  );
}
