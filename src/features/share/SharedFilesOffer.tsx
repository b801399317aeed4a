import { Alert, Button, Group, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useSharedFiles } from './useSharedFiles.ts';

const filesText = (count: number) => (count === 1 ? '1 shared file' : `${count} shared files`);

/**
 * On a record page, while files shared into the app wait for their record: one tap attaches them
 * here. Nothing is attached without that tap, so opening some other record first is harmless.
 */
export function SharedFilesOffer({ label, onAttach }: { label: string; onAttach: (files: File[]) => void }) {
  const { files, failure, take, discard } = useSharedFiles();
  const [problem, setProblem] = useState<string | null>(null);
  if (failure) {
    return (
      <Alert color="red" role="alert" mb="sm">
        {failure}
      </Alert>
    );
  }
  if (!files || files.length === 0) return null;

  const run = (action: () => Promise<void>) =>
    void action().catch((error: unknown) => setProblem(`That did not work: ${String(error)}`));

  return (
    <Alert
      color="blue"
      icon={<IconShare size={20} aria-hidden />}
      mb="sm"
      role="region"
      aria-label="Shared files"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          {filesText(files.length)} waiting: {files.map((file) => file.name).join(', ')}
        </Text>
        <Group gap="xs">
          <Button onClick={() => run(async () => onAttach(await take()))}>Attach to {label}</Button>
          <Button variant="default" onClick={() => run(discard)}>
            Discard
          </Button>
        </Group>
      </Group>
      {problem && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {problem}
        </Text>
      )}
    </Alert>
  );
}
