import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSignOut } from '../../auth/AuthContext';
import { countUnfinished } from '../../upload/uploadCounts.ts';
import { useUploadQueue } from '../shared/uploadQueueContext.tsx';

const filesText = (count: number) => (count === 1 ? '1 file' : `${count} files`);

/**
 * Sign-out that never drops files silently: with files waiting or moving it asks first (wait, keep
 * them for me, discard), and discarding takes a second confirmation. Kept files stay on this device
 * bound to this person and go when they sign in again; nobody else's sign-in sends them.
 */
export function useSignOutChoices(page: string): { requestSignOut: () => void; signOutDialog: ReactNode } {
  const queue = useUploadQueue();
  const signOutWith = useSignOut();
  const [asking, setAsking] = useState<number | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const signOut = (discardFiles: boolean) => signOutWith({ discardFiles, returnTo: page });

  const close = () => {
    setAsking(null);
    setConfirmDiscard(false);
  };

  const requestSignOut = () => {
    const unfinished = countUnfinished(queue.getSnapshot());
    if (unfinished === 0) void signOut(false);
    else setAsking(unfinished);
  };

  const count = asking ?? 0;
  const signOutDialog = (
    <Modal
      opened={asking !== null}
      onClose={close}
      centered
      title={confirmDiscard ? `Discard ${filesText(count)}?` : `${filesText(count)} not attached yet`}
    >
      {confirmDiscard ? (
        <Stack>
          <Text>{count === 1 ? 'It will' : 'They will'} not be attached, and cannot be got back.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDiscard(false)}>
              Back
            </Button>
            <Button color="red" onClick={() => void signOut(true)}>
              Discard and sign out
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text>
            {count === 1 ? 'A file is' : `${count} files are`} still waiting or being sent. Kept files stay on
            this device for you and are sent when you sign in here again; nobody else can send them.
          </Text>
          <Stack gap="xs">
            <Button onClick={close}>
              Wait for them
            </Button>
            <Button variant="default" onClick={() => void signOut(false)}>
              Keep them for me and sign out
            </Button>
            <Button variant="subtle" color="red" onClick={() => setConfirmDiscard(true)}>
              Discard them…
            </Button>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
  return { requestSignOut, signOutDialog };
}
