import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCursorText } from '@tabler/icons-react';
import { MAX_FILENAME_LENGTH } from '../../upload/ticketFilename.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { useUploadQueue } from '../../components/uploadQueueContext.tsx';

/**
 * "Rename" on a failed file: a name the server would not take (too long, characters it refuses) is
 * changed here and the file goes again under it, without choosing it again.
 */
export function RenameUpload({ entry, name }: { entry: UploadEntry; name: string }) {
  const queue = useUploadQueue();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(entry.filename);
  const [problem, setProblem] = useState<string | null>(null);

  const start = () => {
    setValue(entry.filename);
    setProblem(null);
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = queue.rename(entry.id, value);
    if (refusal) setProblem(refusal);
    else setOpen(false);
  };

  return (
    <>
      <Tooltip label="Rename">
        <ActionIcon variant="subtle" aria-label={`Rename ${name}`} onClick={start}>
          <IconCursorText size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title="Rename and try again" centered>
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label="New name"
              description={`It is attached under this name (at most ${MAX_FILENAME_LENGTH} characters).`}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              maxLength={MAX_FILENAME_LENGTH}
              error={problem}
              data-autofocus
            />
            <Text size="sm" c="dimmed">
              What was already uploaded is not sent again.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit">Rename and try again</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
