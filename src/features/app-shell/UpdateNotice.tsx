import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAppUpdate } from '../../pwa/appUpdatesContext.tsx';
import { countMoving } from '../../upload/uploadCounts.ts';
import { useUploadsValue } from '../../components/uploadQueueContext.tsx';

/**
 * "Update available: reload". Never reloads on its own; asked to while files are moving, it waits
 * until they are sent, so a reload never cuts an upload off halfway.
 */
export function UpdateNotice() {
  const { ready, apply } = useAppUpdate();
  const moving = useUploadsValue(countMoving);
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    if (requested && moving === 0) void apply();
  }, [requested, moving, apply]);

  if (!ready) return null;
  return (
    <Alert color="blue" icon={<IconRefresh size={20} aria-hidden />} mb="md" role="status">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          {requested && moving > 0
            ? `Update available: reloading once ${moving === 1 ? 'the file' : `the ${moving} files`} being sent ${moving === 1 ? 'is' : 'are'} attached.`
            : 'Update available: reload to use the new version.'}
        </Text>
        {!requested && (
          <Button variant="light" onClick={() => setRequested(true)}>
            Reload
          </Button>
        )}
      </Group>
    </Alert>
  );
}
