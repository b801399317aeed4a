import { memo, useMemo, useSyncExternalStore } from 'react';
import { ActionIcon, Group, Image, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { useUploads } from '../../../upload/uploadQueueContext.tsx';
import type { UploadEntry } from '../../../upload/types.ts';
import { MarkUpQueuedPhoto } from '../MarkUpQueuedPhoto.tsx';
import { pendingShots } from './pendingShots.ts';
import classes from '../../../components/camera/cameraView.module.css';

/** A shot in the camera's strip: a photo in the queue, or a press whose photo is being taken. */
export interface Shot {
  /** The strip's key: the pending shot's id, kept when its photo is queued (the same place, no flash). */
  key: string;
  /** The queue's file, once the photo exists; until then the shot is pending (pendingShots). */
  entryId?: string;
  url: string;
  filename: string;
  /** A marked-up copy of the shot before it. */
  marked?: boolean;
}

/** What a shot's buttons do: the camera dialog's. */
export interface ShotActions {
  onRemove(shot: Shot, entry: UploadEntry | undefined): void;
  onMarkedUp(original: Shot, marked: UploadEntry, keptOriginal: boolean): void;
  onEditing(editing: boolean): void;
}

interface Props {
  /** The camera whose presses are shown (pendingShots' `camera`). */
  camera: string;
  /** The shots whose photos are in the queue, in the strip's order. */
  shots: readonly Shot[];
  actions: ShotActions;
}

/** The camera's presses whose photos are being taken, as strip shots (the same array while unchanged). */
function usePressed(camera: string): readonly Shot[] {
  const all = useSyncExternalStore(pendingShots.subscribe, pendingShots.getSnapshot);
  return useMemo(
    () =>
      all
        .filter((shot) => shot.camera === camera && shot.state === 'taking')
        .map((shot) => ({ key: shot.id, url: shot.thumbnail ?? '', filename: shot.filename })),
    [all, camera],
  );
}

/**
 * The shots taken, each with Mark up and Delete: the photos in the queue, then the presses whose photos
 * are being taken (read from pendingShots here, so a press renders the strip, not the whole camera).
 */
export const ShotStrip = memo(function ShotStrip({ camera, shots, actions }: Props) {
  const intl = useIntl();
  const uploads = useUploads();
  const { onRemove, onMarkedUp, onEditing } = actions;
  const pressed = usePressed(camera);
  // A photo just queued is in `shots` before the queue's announcement takes the press away: once.
  const shown = [...shots, ...pressed.filter((press) => !shots.some((shot) => shot.key === press.key))];
  if (shown.length === 0) return null;
  const entryOf = (shot: Shot) =>
    shot.entryId === undefined ? undefined : uploads.find((entry) => entry.id === shot.entryId);
  return (
    <ul
      className={classes.strip}
      aria-label={intl.formatMessage({ defaultMessage: 'Photos taken', id: 'uIf1sD' })}
    >
      {shown.map((shot, index) => {
        const entry = entryOf(shot);
        const number = index + 1;
        const name = intl.formatMessage(
          {
            defaultMessage: 'photo {number}',
            id: 'oo05LM',
            description: 'A shot in the camera, named in "Delete photo 2"',
          },
          { number },
        );
        return (
          <li key={shot.key} className={classes.shot}>
            <Image
              src={shot.url || undefined}
              alt={
                shot.marked
                  ? intl.formatMessage(
                      { defaultMessage: 'Photo {number}, marked up', id: 'Miw2Ft' },
                      { number },
                    )
                  : intl.formatMessage({ defaultMessage: 'Photo {number}', id: 'O2daUc' }, { number })
              }
              w={96}
              h={72}
              fit="cover"
              radius="sm"
            />
            <Group gap={4} wrap="nowrap">
              {entry && (
                <MarkUpQueuedPhoto
                  entry={entry}
                  name={name}
                  minHeight={48}
                  onEditing={onEditing}
                  onSaved={(marked, keptOriginal) => onMarkedUp(shot, marked, keptOriginal)}
                />
              )}
              <Tooltip label={intl.formatMessage({ defaultMessage: 'Delete this photo', id: 'hw1MJx' })}>
                {/* Looks disabled while the photo is being attached, but keeps focus (a disabled button drops it). */}
                <ActionIcon
                  variant="filled"
                  color="red"
                  size={48}
                  aria-label={intl.formatMessage({ defaultMessage: 'Delete {name}', id: 'JpsXCp' }, { name })}
                  data-disabled={entry?.state === 'registering' || undefined}
                  aria-disabled={entry?.state === 'registering' || undefined}
                  onClick={() => entry?.state !== 'registering' && onRemove(shot, entry)}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </li>
        );
      })}
    </ul>
  );
});
