import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@mantine/core';
import { canSendOriginal, percentDone, speedText, statusText } from '../../upload/describeUpload.ts';
import { formatBytes } from '../../upload/formatBytes.ts';
import { isFinished, type UploadEntry } from '../../upload/types.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { allows } from '../../upload/uploadQueue.ts';
import { MAX_FILENAME_LENGTH } from '../../upload/ticketFilename.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { canMarkUp } from '../markup/index.ts';
import { MarkUpQueuedPhoto } from './MarkUpQueuedPhoto.tsx';
import { RenameUpload } from './RenameUpload.tsx';
import { MoveUpload } from './MoveUpload.tsx';
import { QueueRowAction } from './QueueRowAction.tsx';
import { PlainProgress } from '../../components/PlainProgress.tsx';
import classes from './UploadRow.module.css';
import plain from '../../components/plain.module.css';

const stateColors: Record<UploadEntry['state'], string> = {
  queued: 'gray',
  ticket: 'blue',
  uploading: 'blue',
  registering: 'blue',
  attached: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** How the state text is coloured (shades chosen for 4.5:1 contrast in light and dark schemes). */
function toneOf(state: UploadEntry['state']): 'done' | 'failed' | 'active' | 'idle' {
  if (state === 'attached') return 'done';
  if (state === 'failed') return 'failed';
  return state === 'queued' || state === 'cancelled' ? 'idle' : 'active';
}

/**
 * One file: its name, size, progress, state and reason, and what can be done with it. Plain elements
 * styled by its CSS module rather than Mantine's layout and text components: a batch draws dozens of
 * rows, and those components' style props were most of a row's render on the tablet profile.
 * Memoised: the queue keeps an unchanged entry's object, so a progress tick renders only its own row.
 */
export const UploadRow = memo(function UploadRow({ entry }: { entry: UploadEntry }) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const percent = percentDone(entry);
  const speed = speedText(entry, intl);
  const canCancel = !isFinished(entry.state) && entry.state !== 'registering';
  // A permission refusal stays one: Retry is not offered.
  const canRetryAt = (entry.state === 'failed' || entry.state === 'cancelled') && !entry.refusedPermission;
  const canRename = allows(entry.state, 'rename') && !entry.refusedPermission && !entry.noSuchRecord;
  // A record that does not exist stays so: the file can only go elsewhere.
  const canRetry = canRetryAt && !entry.noSuchRecord;
  // As stored: a direction override cannot make `inv\u202Egpj.exe` read as a photo.
  const name = displayFilename(entry.filename).text;
  const status = entry.reason
    ? intl.formatMessage(
        {
          defaultMessage: '{status}: {reason}',
          id: 'gWa/Ks',
          description: 'An upload\'s state and why, e.g. "Failed: …"',
        },
        { status: statusText(entry, intl), reason: entry.reason },
      )
    : statusText(entry, intl);

  return (
    <li
      className={classes.row}
      aria-label={intl.formatMessage(
        {
          defaultMessage: '{name}: {status}',
          id: 'IlBKLf',
          description: 'A file in the upload list and its state',
        },
        { name, status },
      )}
    >
      <div className={classes.main}>
        <div className={plain.spread} data-nowrap>
          <p className={`${plain.sm} ${classes.name} ${classes.filename}`} title={name}>
            {name}
          </p>
          <p className={`${plain.xs} ${plain.dimmed} ${classes.size}`}>
            {entry.lightenedFrom === undefined
              ? formatBytes(entry.size, intl)
              : intl.formatMessage(
                  {
                    defaultMessage: '{from} → {to}',
                    id: 'gig0Z8',
                    description: "A photo's size before and after it was made lighter",
                  },
                  { from: formatBytes(entry.lightenedFrom, intl), to: formatBytes(entry.size, intl) },
                )}
          </p>
        </div>
        <p
          className={`${plain.xs} ${plain.dimmed} ${classes.name}`}
          title={entry.target.label}
          data-testid="upload-target"
        >
          {entry.target.label}
        </p>
        <PlainProgress
          value={percent}
          color={stateColors[entry.state]}
          label={intl.formatMessage({ defaultMessage: '{name} progress', id: '0PK0hW' }, { name })}
          // Static stripes while the server registers the file, and no width transition: either
          // animates the page every frame for as long as files upload, which starves a tablet's main
          // thread (a hundred rows moving kept it at a frame every 20 ms).
          striped={entry.state === 'registering'}
        />
        <div className={plain.spread}>
          <p
            className={`${plain.xs} ${classes.status}`}
            data-tone={toneOf(entry.state)}
            data-state={entry.state}
          >
            {status}
          </p>
          {speed && <p className={`${plain.xs} ${plain.dimmed}`}>{speed}</p>}
        </div>
        {entry.notKept && entry.state !== 'attached' && entry.state !== 'cancelled' && (
          <p className={`${plain.xs} ${classes.status}`} data-tone="failed">
            <FormattedMessage
              defaultMessage="Not saved on this tablet: keep this page open until sent."
              id="KBxbFn"
            />
          </p>
        )}
        {entry.shortenedFrom !== undefined && (
          <p className={`${plain.xs} ${plain.dimmed}`}>
            <FormattedMessage
              defaultMessage="Name shortened to fit the {max}-character limit."
              id="JyDoXM"
              values={{ max: MAX_FILENAME_LENGTH }}
            />
          </p>
        )}
        {entry.lighteningFailed && (
          <p className={`${plain.xs} ${plain.dimmed}`}>
            <FormattedMessage
              defaultMessage="Sent at full size: {reason}"
              id="jbKUVV"
              values={{ reason: entry.lighteningFailed }}
            />
          </p>
        )}
        {entry.noSuchRecord && entry.state === 'failed' && <MoveUpload entry={entry} name={name} />}
        {canSendOriginal(entry) && (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={intl.formatMessage(
              { defaultMessage: 'Send the original of {name}', id: 'jOvpH6' },
              { name },
            )}
            onClick={() => queue.sendOriginal(entry.id)}
            style={{ alignSelf: 'flex-start' }}
          >
            <FormattedMessage
              defaultMessage="Send original"
              id="wGdkOG"
              description="Button: send the photo as taken, not the lighter copy"
            />
          </Button>
        )}
      </div>
      <div className={classes.actions}>
        {canMarkUp(entry.type) && entry.state !== 'cancelled' && (
          <MarkUpQueuedPhoto entry={entry} name={name} />
        )}
        {canCancel && <QueueRowAction action="cancel" id={entry.id} name={name} />}
        {canRename && <RenameUpload entry={entry} name={name} />}
        {canRetry && <QueueRowAction action="retry" id={entry.id} name={name} />}
        {isFinished(entry.state) && <QueueRowAction action="remove" id={entry.id} name={name} />}
      </div>
    </li>
  );
});
