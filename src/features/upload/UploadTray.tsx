import { Alert, Badge, Box, Button, Drawer, Group, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isFinished, type UploadEntry } from '../../upload/types.ts';
import type { UploadEvent } from '../../upload/uploadQueue.ts';
import { announce } from './uploadAnnouncement.ts';
import { UploadList } from './UploadList.tsx';
import { useUploadQueue, useUploads, useUploadsValue } from '../../components/uploadQueueContext.tsx';

const countPending = (entries: readonly UploadEntry[]) =>
  entries.filter((entry) => !isFinished(entry.state)).length;
const countFailed = (entries: readonly UploadEntry[]) =>
  entries.filter((entry) => entry.state === 'failed').length;

function summaryOf(pending: number, failed: number): string {
  return [pending > 0 ? `${pending} pending` : '', failed > 0 ? `${failed} failed` : '']
    .filter(Boolean)
    .join(', ');
}

/** The drawer's body: mounted only while the drawer is open, so only then does it follow every change. */
function TrayContents({ summary }: { summary: string }) {
  const queue = useUploadQueue();
  const uploads = useUploads();
  const offline = uploads.some((entry) => entry.waiting === 'network');
  const finished = uploads.some((entry) => entry.state === 'attached' || entry.state === 'cancelled');
  return (
    <>
      {offline && (
        <Alert color="orange" icon={<IconWifiOff size={20} aria-hidden />} mb="sm">
          This device is offline. Uploads continue by themselves when the connection is back.
        </Alert>
      )}
      {uploads.length === 0 ? (
        <Text c="dimmed">Nothing uploaded yet. Drop files on a record to attach them.</Text>
      ) : (
        <UploadList entries={uploads} title={summary ? `All uploads (${summary})` : 'All uploads'} />
      )}
      {finished && (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => queue.clearFinished()}>
            Clear finished
          </Button>
        </Group>
      )}
    </>
  );
}

/**
 * The header's way to every upload of this session from any page: how many are still pending, the
 * list with overall progress, and a notification plus a screen-reader announcement when files are
 * attached or fail.
 */
export function UploadTray() {
  const queue = useUploadQueue();
  const [opened, { open, close }] = useDisclosure(false);
  const [spoken, setSpoken] = useState('');

  useEffect(() => {
    // Successes are told once the queue is idle (one line for a batch of 500, not 500 toasts over the
    // header); failures at once, in a single notification that is updated while it is shown.
    let attachedSinceIdle: UploadEvent[] = [];
    const shown = new Set<string>();
    return queue.onEvents((events) => {
      attachedSinceIdle.push(...events.filter((event) => event.type === 'attached'));
      // A photo held while it is marked up waits for the technician, not for the queue.
      const idle = queue
        .getSnapshot()
        .every((entry) => isFinished(entry.state) || entry.markup !== undefined);
      const told = [...events.filter((event) => event.type === 'failed'), ...(idle ? attachedSinceIdle : [])];
      if (idle) attachedSinceIdle = [];
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
          onClose: () => shown.delete(id),
        };
        if (shown.has(id)) notifications.update(data);
        else notifications.show(data);
        shown.add(id);
      }
      setSpoken(announcements.map((a) => a.message).join(' '));
    });
  }, [queue]);

  const pending = useUploadsValue(countPending);
  const failed = useUploadsValue(countFailed);
  const summary = summaryOf(pending, failed);

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
        aria-label={summary ? `Uploads: ${summary}` : 'Uploads'}
      >
        {/* Phones keep the icon and count; the accessible name is always there. */}
        <Box component="span" visibleFrom="sm">
          Uploads
        </Box>
      </Button>
      <VisuallyHidden aria-live="polite" role="status">
        {spoken}
      </VisuallyHidden>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        title="Uploads"
        closeButtonProps={{ 'aria-label': 'Close uploads' }}
      >
        <TrayContents summary={summary} />
      </Drawer>
    </>
  );
}
