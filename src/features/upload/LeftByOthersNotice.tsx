import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import type { LeftFiles } from '../../upload/uploadQueue.ts';
import { KeptFilesAdminQuery } from '../../upload/keptFilesAdmin.ts';
import { useLeftByOthers, useUploadQueue } from '../../components/uploadQueueContext.tsx';
import { useAppConfig } from '../../config/ConfigContext.tsx';
import { toUserMessage } from '../../graphql/errors.ts';

const filesText = (count: number) => (count === 1 ? '1 file' : `${count} files`);

/**
 * "2 files left by Taylor Technician are waiting for them": on a shared tablet the next person sees
 * that someone's files are still here, and that they are not sent under their own name. They are
 * their owner's: only an administrator (where config.json allows it) may discard them, after a
 * confirmation.
 */
export function LeftByOthersNotice() {
  const queue = useUploadQueue();
  const left = useLeftByOthers();
  const adminsMay = useAppConfig().adminsMayDiscardKeptFiles === true;
  // Asked only where it matters; the queue reads the answer from the cache when discarding.
  useQuery(KeptFilesAdminQuery, { skip: !adminsMay || left.length === 0 });
  const [confirming, setConfirming] = useState<LeftFiles | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (left.length === 0) return null;
  const mayDiscard = queue.mayDiscardLeftBy();

  const discard = async (files: LeftFiles) => {
    try {
      await queue.discardLeftBy(files.key);
      setConfirming(null);
      setFailure(null);
    } catch (error) {
      setFailure(`The files could not be discarded: ${toUserMessage(error)}`);
    }
  };

  return (
    <>
      {left.map((files) => (
        <Alert key={files.key} color="gray" icon={<IconUsers size={20} aria-hidden />} mb="md" role="status">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">
              {filesText(files.count)} left by {files.name} {files.count === 1 ? 'is' : 'are'} waiting for
              them. They are sent when {files.name} signs in on this device.
            </Text>
            {mayDiscard && (
              <Button variant="default" onClick={() => setConfirming(files)}>
                Discard…
              </Button>
            )}
          </Group>
        </Alert>
      ))}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? `Discard ${filesText(confirming.count)} left by ${confirming.name}?` : ''}
        centered
      >
        <Stack>
          <Text>
            They will not be attached, and {confirming?.name} cannot get them back from this device.
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Keep them
            </Button>
            <Button color="red" onClick={() => confirming && void discard(confirming)}>
              Discard {confirming ? filesText(confirming.count) : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
