import { memo, useMemo } from 'react';
import { Button, Group, Paper, Progress, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { canSendOriginal, overallProgress } from '../../upload/describeUpload.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { UploadRow } from './UploadRow.tsx';
import { useUploadQueue } from '../../components/uploadQueueContext.tsx';
import { useDeferredWithin } from '../../components/useDeferredWithin.ts';
import { useUploadEntry } from './useUploadEntry.ts';
import classes from './UploadList.module.css';
import { PendingShotRows, useHasPendingShots } from './camera/PendingShotRows.tsx';
import type { ShotsOf } from './camera/pendingShots.ts';

const NONE: readonly string[] = [];

/** How long the list may lag behind the queue before it is drawn in one go. */
const MAX_LAG_MS = 1_000;

/** Files with overall progress on top; rows beyond the first few hundred are not worth drawing. */
const maxRows = 200;

interface Props {
  entries: readonly UploadEntry[];
  title: string;
  /** Whose shots being taken by the camera are listed above the files (none when not given). */
  shotsOf?: ShotsOf;
}

/**
 * The newest file first, as a record's attachments are listed (the queue keeps them in the order they
 * were added), so the file just dropped is on top in both lists.
 *
 * The queue's changes reach the page as urgent renders (an external store's always are), ten a second
 * while files move. Only the heading (counts, overall progress) follows them here; the rows are given
 * the files' ids, which change only when files come or go, and each row follows its own file
 * (useUploadEntry), so a progress tick renders that file's row and the heading, nothing else. The ids
 * are a deferred value: a batch's new rows are rendered in slices React can interrupt, and no
 * announcement starts that render over (before, each one did, and rows left behind for a second were
 * drawn at once: a 370 ms task on the tablet profile for 30 files).
 */
export function UploadList({ entries, title, shotsOf }: Props) {
  const ids = useIds(entries);
  // A list that appears with a batch starts empty and fills in a deferred render too; one that new
  // files keep from ever finishing that render is drawn at once after a second.
  const deferred = useDeferredWithin(ids, NONE, MAX_LAG_MS);
  // One or two files more than shown (a photo just taken, a file chosen) are drawn in the urgent
  // render: in slices, the row of a shot came 0.3-0.5 s after the camera's strip showed it on the
  // tablet profile (the slices wait for frames while the shot is stored and sent).
  const added = ids.length - deferred.length;
  const shown = added > 0 && added <= urgentRows ? ids : deferred;
  return <UploadListBody entries={entries} ids={shown} title={title} shotsOf={shotsOf} />;
}

/** The files' ids, the same array while the same files are listed in the same order. */
function useIds(entries: readonly UploadEntry[]): readonly string[] {
  // The queue's ids hold no line break: joined, the list compares as one string.
  const joined = useMemo(() => entries.map((entry) => entry.id).join('\n'), [entries]);
  return useMemo(() => (joined === '' ? NONE : joined.split('\n')), [joined]);
}

/** How many new files are drawn at once rather than deferred. */
const urgentRows = 2;

/** The heading follows every announcement (a few boxes); the rows, memoised, only the ids. */
function UploadListBody({ entries, ids, title, shotsOf }: Props & { ids: readonly string[] }) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const overall = overallProgress(entries);
  const lightened = entries.filter(canSendOriginal);
  const shooting = useHasPendingShots(shotsOf);
  // Nothing until the deferred render brings the rows (no "0 of 0 attached" flashing by).
  if (ids.length === 0 && !shooting) return null;
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
      {shotsOf && <PendingShotRows of={shotsOf} />}
      <UploadRows ids={ids} />
    </Paper>
  );
}

/** Memoised: renders when files come or go, not at every announcement. */
const UploadRows = memo(function UploadRows({ ids }: { ids: readonly string[] }) {
  const shown = ids.slice(-maxRows).reverse();
  return (
    <>
      <ul className={classes.list}>
        {shown.map((id) => (
          <QueuedFileRow key={id} id={id} />
        ))}
      </ul>
      {ids.length > shown.length && (
        <Text size="xs" c="dimmed">
          <FormattedMessage
            defaultMessage="and {count} more"
            id="eVM9Em"
            description="Files left out of a long upload list"
            values={{ count: ids.length - shown.length }}
          />
        </Text>
      )}
    </>
  );
});

/** One file's row, following that file only; nothing once it has left the queue. */
const QueuedFileRow = memo(function QueuedFileRow({ id }: { id: string }) {
  const entry = useUploadEntry(id);
  return entry ? <UploadRow entry={entry} /> : null;
});
