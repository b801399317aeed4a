import { Button, Group, Paper, Progress, Text } from '@mantine/core';
import { canSendOriginal, overallProgress } from '../../upload/describeUpload.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { UploadRow } from './UploadRow.tsx';
import { useUploadQueue } from '../../components/uploadQueueContext.tsx';
import classes from './UploadList.module.css';

/** Files with overall progress on top; rows beyond the first few hundred are not worth drawing. */
const maxRows = 200;

/**
 * The newest file first, as a record's attachments are listed (the queue keeps them in the order they
 * were added), so the file just dropped is on top in both lists.
 */
export function UploadList({ entries, title }: { entries: readonly UploadEntry[]; title: string }) {
  const queue = useUploadQueue();
  const overall = overallProgress(entries);
  const shown = entries.slice(-maxRows).reverse();
  const lightened = entries.filter(canSendOriginal);
  return (
    <Paper withBorder p="sm" mb="md" component="section" aria-label={title}>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={700}>
          {title}
        </Text>
        <Group gap="xs">
          {lightened.length > 1 && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => lightened.forEach((entry) => queue.sendOriginal(entry.id))}
            >
              Send all {lightened.length} originals
            </Button>
          )}
          <Text size="xs" c="dimmed">
            {overall.attached} of {overall.total} attached
            {overall.failed > 0 ? `, ${overall.failed} failed` : ''}
          </Text>
        </Group>
      </Group>
      <Progress
        value={overall.percent}
        size="md"
        aria-label={`${title}: overall progress`}
        mb="xs"
        transitionDuration={0}
      />
      <ul className={classes.list}>
        {shown.map((entry) => (
          <UploadRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {entries.length > shown.length && (
        <Text size="xs" c="dimmed">
          and {entries.length - shown.length} more
        </Text>
      )}
    </Paper>
  );
}
