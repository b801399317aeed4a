import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useAppUpdate } from '../../pwa/appUpdatesContext.tsx';
import { countMoving } from '../../upload/uploadCounts.ts';
import { useUploadsValue } from '../../components/uploadQueueContext.tsx';

const beingSent = (moving: number) =>
  moving === 1 ? 'the file being sent is attached' : `the ${moving} files being sent are attached`;

/**
 * "Update available: reload". Never reloads on its own; asked to while files are moving, in this tab
 * or another, it waits until they are sent, so a reload never cuts an upload off halfway. Started
 * from another tab, the new version reloads this page once this page's files are sent.
 */
export function UpdateNotice() {
  const { state, apply } = useAppUpdate();
  const moving = useUploadsValue(countMoving);
  if (state === 'current') return null;

  const text =
    state === 'taken-over'
      ? `A new version was started in another tab: this page reloads once ${beingSent(moving)}.`
      : state === 'held'
        ? moving > 0
          ? `Update available: reloading once ${beingSent(moving)}.`
          : 'Update available: reloading once the files being sent from another tab are attached.'
        : 'Update available: reload to use the new version.';
  return (
    <Alert color="blue" icon={<IconRefresh size={20} aria-hidden />} mb="md" role="status">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{text}</Text>
        {state === 'ready' && (
          <Button variant="light" onClick={() => void apply()}>
            Reload
          </Button>
        )}
      </Group>
    </Alert>
  );
}
