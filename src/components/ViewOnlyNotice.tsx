import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useViewOnly } from './viewOnly.tsx';

/** Said once the server has refused this user an attach or a delete: what is left to do here. */
export function ViewOnlyNotice() {
  const { viewOnly, checkAgain } = useViewOnly();
  if (!viewOnly) return null;
  return (
    <Alert color="gray" icon={<IconLock size={20} aria-hidden />} title="View only" data-testid="view-only">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          The server does not let you attach or delete files. You can still open, preview and download them;
          ask a supervisor if you need to add evidence.
        </Text>
        <Button variant="default" size="sm" onClick={checkAgain}>
          My rights changed: check again
        </Button>
      </Stack>
    </Alert>
  );
}
