import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useViewOnly } from './viewOnly.tsx';

/** Said once the server has refused this user an attach or a delete: what is left to do here. */
export function ViewOnlyNotice() {
  const { viewOnly } = useViewOnly();
  if (!viewOnly) return null;
  return (
    <Alert color="gray" icon={<IconLock size={20} aria-hidden />} title="View only" data-testid="view-only">
      The server does not let you attach or delete files. You can still open, preview and download them; ask a
      supervisor if you need to add evidence.
    </Alert>
  );
}
