import { Alert, Badge, Box, Button, Drawer, Group, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isFinished } from '../../upload/types.ts';
import { announce } from './uploadAnnouncement.ts';
import { UploadList } from './UploadList.tsx';
import { useUploadQueue, useUploads } from './uploadQueueContext.tsx';

/**
 * The header's way to every upload of this session from any page: how many are still pending, the
 * list with overall progress, and a notification plus a screen-reader announcement when files are
 * attached or fail.
 */
export function UploadTray() {
  const queue = useUploadQueue();
  const uploads = useUploads();
  const [opened, { open, close }] = useDisclosure(false);
  const [spoken, setSpoken] = useState('');

  useEffect(
    () =>
      queue.onEvents((events) => {
        const announcements = announce(events);
        for (const { color, title, message } of announcements) {
          notifications.show({ color, title, message, autoClose: color === 'red' ? 10_000 : 4_000 });
        }
        setSpoken(announcements.map((a) => a.message).join(' '));
      }),
    [queue],
  );

  const pending = uploads.filter((entry) => !isFinished(entry.state)).length;
  const failed = uploads.filter((entry) => entry.state === 'failed').length;
  const offline = uploads.some((entry) => entry.waiting === 'network');
  const finished = uploads.some((entry) => entry.state === 'attached' || entry.state === 'cancelled');
  const summary = [pending > 0 ? `${pending} pending` : '', failed > 0 ? `${failed} failed` : '']
    .filter(Boolean)
    .join(', ');

  return (
    <>
      <Button
        variant="subtle"
        mih={44}
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
            <Button variant="default" mih={44} onClick={() => queue.clearFinished()}>
              Clear finished
            </Button>
          </Group>
        )}
      </Drawer>
    </>
  );
}
