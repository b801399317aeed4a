import { memo } from 'react';
import { Button, Group, Paper, Progress, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { canSendOriginal, overallProgress } from '../../upload/describeUpload.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { UploadRow } from './UploadRow.tsx';
import { useUploadQueue } from '../../components/uploadQueueContext.tsx';
import { useDeferredWithin } from '../../components/useDeferredWithin.ts';
import classes from './UploadList.module.css';

const NONE: readonly UploadEntry[] = [];

/** How long the list may lag behind the queue before it is drawn in one go. */
const MAX_LAG_MS = 1_000;

/** Files with overall progress on top; rows beyond the first few hundred are not worth drawing. */
const maxRows = 200;

interface Props {
  entries: readonly UploadEntry[];
  title: string;
}

/**
 * The newest file first, as a record's attachments are listed (the queue keeps them in the order they
 * were added), so the file just dropped is on top in both lists.
 *
 * The queue's changes reach the page as urgent renders (an external store's always are), ten a second
 * while files move: the list follows them as a deferred value, so React renders the rows in slices
 * between other work instead of holding the page for a whole batch of rows (the profile of 30 files on
 * a tablet showed 50-440 ms tasks, each a queue announcement rendering the list at once).
 */
export function UploadList({ entries, title }: Props) {
  // A list that appears with a batch starts empty and fills in a deferred render too; one that the
  // announcements keep from ever finishing that render is drawn at once after a second.
  const deferred = useDeferredWithin(entries, NONE, MAX_LAG_MS);
  // One or two files more than shown (a photo just taken, a file chosen) are drawn in the urgent
  // render: in slices, the row of a shot came 0.3-0.5 s after the camera's strip showed it on the
  // tablet profile (the slices wait for frames while the shot is stored and sent).
  const added = entries.length - deferred.length;
  return <UploadListBody entries={added > 0 && added <= urgentRows ? entries : deferred} title={title} />;
}

/** How many new files are drawn at once rather than deferred. */
const urgentRows = 2;

/** Memoised: the urgent render, which still has the previous entries, stops here. */
const UploadListBody = memo(function UploadListBody({ entries, title }: Props) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const overall = overallProgress(entries);
  const shown = entries.slice(-maxRows).reverse();
  const lightened = entries.filter(canSendOriginal);
  // Nothing until the deferred render brings the entries (no "0 of 0 attached" flashing by).
  if (entries.length === 0) return null;
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
              <FormattedMessage
                defaultMessage="{count, plural, one {Send # original} other {Send all # originals}}"
                id="Holow4"
                description="Button: send the photos as taken, not their lighter copies"
                values={{ count: lightened.length }}
              />
            </Button>
          )}
          <Text size="xs" c="dimmed">
            {overall.failed > 0 ? (
              <FormattedMessage
                defaultMessage="{attached} of {total} attached, {failed} failed"
                id="AemIUh"
                values={{ attached: overall.attached, total: overall.total, failed: overall.failed }}
              />
            ) : (
              <FormattedMessage
                defaultMessage="{attached} of {total} attached"
                id="G/58TO"
                values={{ attached: overall.attached, total: overall.total }}
              />
            )}
          </Text>
        </Group>
      </Group>
      <Progress
        value={overall.percent}
        size="md"
        aria-label={intl.formatMessage(
          { defaultMessage: '{title}: overall progress', id: 'pav+6k' },
          { title },
        )}
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
          <FormattedMessage
            defaultMessage="and {count} more"
            id="eVM9Em"
            description="Files left out of a long upload list"
            values={{ count: entries.length - shown.length }}
          />
        </Text>
      )}
    </Paper>
  );
});
