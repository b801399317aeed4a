import { memo, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { IconX } from '@tabler/icons-react';
import { displayFilename } from '../../../components/displayFilename.ts';
import { sameRecord } from '../../../upload/types.ts';
import { pendingShots, usePendingShots, type PendingShot, type ShotsOf } from './pendingShots.ts';
import classes from './PendingShotRows.module.css';

/** Whether a list has shots being taken to show (it shows itself for them even with no files yet). */
export function useHasPendingShots(of: ShotsOf | undefined): boolean {
  return useSyncExternalStore(pendingShots.subscribe, () =>
    of === undefined
      ? false
      : pendingShots.getSnapshot().some((shot) => of === 'all' || sameRecord(shot.target.record, of)),
  );
}

/**
 * The camera's shots whose photos are not in the queue yet, newest first, above the list's files: a
 * light row each (plain elements), so a shutter press shows in the list in the press's own render.
 */
export const PendingShotRows = memo(function PendingShotRows({ of }: { of: ShotsOf }) {
  const shots = usePendingShots(of);
  if (shots.length === 0) return null;
  return (
    <ul className={classes.list}>
      {[...shots].reverse().map((shot) => (
        <PendingShotRow key={shot.id} shot={shot} />
      ))}
    </ul>
  );
});

/** One shot: its thumbnail, its final name, "Taking photo…" or why it failed; cancel or dismiss. */
function PendingShotRow({ shot }: { shot: PendingShot }) {
  const intl = useIntl();
  const name = displayFilename(shot.filename).text;
  const failed = shot.state === 'failed';
  const status = failed
    ? (shot.reason ?? '')
    : intl.formatMessage(
        {
          defaultMessage:
            '{kind, select, clip {Finishing clip…} voice {Finishing voice note…} other {Taking photo…}}',
          id: 'iS7ig9',
          description:
            'A capture in the upload list from the press until it is a file: a photo being taken, a clip or voice note being finished',
        },
        { kind: shot.kind ?? 'photo' },
      );
  return (
    <li
      className={classes.row}
      data-pending-shot={shot.state}
      aria-label={intl.formatMessage(
        {
          defaultMessage: '{name}: {status}',
          id: 'IlBKLf',
          description: 'A file in the upload list and its state',
        },
        { name, status },
      )}
    >
      {shot.thumbnail ? <img className={classes.thumbnail} src={shot.thumbnail} alt="" /> : <span />}
      <div className={classes.main}>
        <span className={classes.name} title={name}>
          {name}
        </span>
        <span className={`${classes.small} ${classes.target}`} title={shot.target.label}>
          {shot.target.label}
        </span>
        <div className={classes.bar} />
        <span className={`${classes.small} ${classes.status}`} data-tone={failed ? 'failed' : 'active'}>
          {status}
        </span>
      </div>
      {/* Cancel is worded, as on a queued file's row: a bare stop square read as a checkbox to tick. */}
      <button
        type="button"
        className={classes.action}
        data-worded={!failed || undefined}
        title={
          failed
            ? intl.formatMessage({ defaultMessage: 'Remove from the list', id: '0UnwIi' })
            : intl.formatMessage({ defaultMessage: 'Cancel', id: 'PYv9hN', description: 'Stops an upload' })
        }
        aria-label={
          failed
            ? intl.formatMessage({ defaultMessage: 'Remove {name} from the list', id: 'cFIQBr' }, { name })
            : intl.formatMessage(
                { defaultMessage: 'Cancel {name}', id: 'pQYjvH', description: 'Stops the upload of a file' },
                { name },
              )
        }
        onClick={() => pendingShots.remove(shot.id)}
      >
        <IconX size={failed ? 20 : 18} aria-hidden />
        {!failed &&
          intl.formatMessage({ defaultMessage: 'Cancel', id: 'PYv9hN', description: 'Stops an upload' })}
      </button>
    </li>
  );
}
