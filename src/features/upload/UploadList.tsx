import { memo, useMemo, type Ref } from 'react';
import { Button } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { canSendOriginal, overallProgress } from '../../upload/describeUpload.ts';
import { countOnlyInPage } from '../../upload/uploadCounts.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { UploadRow } from './UploadRow.tsx';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { useRevealedGradually } from '../../components/useRevealedGradually.ts';
import { PlainProgress } from '../../components/PlainProgress.tsx';
import { useUploadEntry } from './useUploadEntry.ts';
import classes from './UploadList.module.css';
import plain from '../../components/plain.module.css';
import { PendingShotRows, useHasPendingShots } from './camera/PendingShotRows.tsx';
import type { ShotsOf } from './camera/pendingShots.ts';

const NONE: readonly string[] = [];

/** Files with overall progress on top; rows beyond the first few hundred are not worth drawing. */
const maxRows = 200;

interface Props {
  entries: readonly UploadEntry[];
  title: string;
  /** Whose shots being taken by the camera are listed above the files (none when not given). */
  shotsOf?: ShotsOf;
  /** The list's section, focusable by script (files just dropped are listed there). */
  ref?: Ref<HTMLElement>;
}

/**
 * The newest file first, as a record's attachments are listed (the queue keeps them in the order they
 * were added), so the file just dropped is on top in both lists.
 *
 * The queue's changes reach the page as urgent renders (an external store's always are), ten a second
 * while files move. Only the heading (counts, overall progress) follows them here; the rows are given
 * the files' ids, which change only when files come or go, and each row follows its own file
 * (useUploadEntry), so a progress tick renders that file's row and the heading, nothing else. A
 * batch's new rows are drawn a few per task (useRevealedGradually), each slice its own commit: drawn
 * in one render, or in a deferred render the announcements kept restarting until it was given up
 * and drawn at once, 30 rows were a 370-510 ms task on the tablet profile.
 */
export function UploadList({ entries, title, shotsOf, ref }: Props) {
  const ids = useIds(entries);
  // Newest first, as listed; rows beyond the first few hundred are not drawn.
  const listed = useMemo(() => ids.slice(-maxRows).reverse(), [ids]);
  // One or two new files (a photo just taken, a file chosen) are drawn in the render that brought
  // them; a batch a few rows per task, the top of the list first, each slice committed on its own.
  const shown = useRevealedGradually(listed, { atOnce: urgentRows, perSlice: rowsPerSlice });
  return (
    <UploadListBody
      entries={entries}
      shown={shown}
      more={ids.length - listed.length}
      title={title}
      shotsOf={shotsOf}
      ref={ref}
    />
  );
}

/** The files' ids, the same array while the same files are listed in the same order. */
function useIds(entries: readonly UploadEntry[]): readonly string[] {
  // The queue's ids hold no line break: joined, the list compares as one string.
  const joined = useMemo(() => entries.map((entry) => entry.id).join('\n'), [entries]);
  return useMemo(() => (joined === '' ? NONE : joined.split('\n')), [joined]);
}

/** How many new files are drawn at once rather than a slice at a time. */
const urgentRows = 2;

/** Rows drawn per task while a batch's rows are drawn: each about 5 ms on the tablet profile. */
const rowsPerSlice = 3;

/** The heading follows every announcement (a few plain elements); the rows, memoised, only the ids. */
function UploadListBody({
  entries,
  shown,
  more,
  title,
  shotsOf,
  ref,
}: Props & { shown: readonly string[]; more: number }) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const overall = overallProgress(entries);
  const lightened = entries.filter(canSendOriginal);
  const onlyInPage = countOnlyInPage(entries);
  const shooting = useHasPendingShots(shotsOf);
  // Nothing until the first rows are drawn or a shot is being taken (no "0 of 0 attached" flashing by).
  if (shown.length === 0 && !shooting) return null;
  return (
    <section ref={ref} tabIndex={-1} className={`${plain.paper} ${classes.panel}`} aria-label={title}>
      <div className={`${plain.spread} ${classes.heading}`} data-gap="md">
        <p className={`${plain.sm} ${classes.title}`}>{title}</p>
        <div className={classes.summary}>
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
          {/* Only shots being taken: no file yet to count, so no "0 of 0 attached". */}
          {overall.total > 0 && (
            <p className={`${plain.xs} ${plain.dimmed}`}>
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
            </p>
          )}
        </div>
      </div>
      {onlyInPage > 0 && (
        <p className={`${plain.xs} ${classes.onlyInPage}`} data-testid="uploads-only-in-page">
          <FormattedMessage
            defaultMessage="{count, plural, one {# file is not saved on this tablet: keep this page open until it is sent, or it is lost.} other {# files are not saved on this tablet: keep this page open until they are sent, or they are lost.}}"
            id="MXDF/P"
            description="Files the tablet could not store, held only in the open page; a reload loses them"
            values={{ count: onlyInPage }}
          />
        </p>
      )}
      <PlainProgress
        value={overall.percent}
        size="md"
        label={intl.formatMessage({ defaultMessage: '{title}: overall progress', id: 'pav+6k' }, { title })}
        className={classes.overall}
      />
      {shotsOf && <PendingShotRows of={shotsOf} />}
      <UploadRows shown={shown} more={more} />
    </section>
  );
}

/** Memoised: renders when rows are drawn or files come or go, not at every announcement. */
const UploadRows = memo(function UploadRows({ shown, more }: { shown: readonly string[]; more: number }) {
  const intl = useIntl();
  return (
    <>
      <ul className={classes.list}>
        {shown.map((id) => (
          <QueuedFileRow key={id} id={id} />
        ))}
      </ul>
      {more > 0 && (
        <p className={`${plain.xs} ${plain.dimmed}`}>
          {intl.formatMessage(
            {
              defaultMessage: 'and {count} more',
              id: 'eVM9Em',
              description: 'Files left out of a long upload list',
            },
            { count: more },
          )}
        </p>
      )}
    </>
  );
});

/** One file's row, following that file only; nothing once it has left the queue. */
const QueuedFileRow = memo(function QueuedFileRow({ id }: { id: string }) {
  const entry = useUploadEntry(id);
  return entry ? <UploadRow entry={entry} /> : null;
});
