import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Image, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DeleteAttachmentDialog, type DeleteTarget } from '../../../components/DeleteAttachmentDialog.tsx';
import { useUploadQueue, useUploads } from '../../../components/uploadQueueContext.tsx';
import type { UploadEntry, UploadTarget } from '../../../upload/types.ts';
import { MarkUpQueuedPhoto } from '../MarkUpQueuedPhoto.tsx';
import { FAILURE_WORDS, WordedError } from '../../../lib/failures.ts';
import { photoFilename, startJpegEncoder, takePhoto, type JpegEncoder } from './takePhoto.ts';
import { shotsSummary } from './shotsSummary.ts';
import { useCameraStream } from '../../../components/camera/useCameraStream.ts';
import { CameraModal } from '../../../components/camera/CameraModal.tsx';
import classes from '../../../components/camera/cameraView.module.css';

interface Shot {
  entryId: string;
  url: string;
  filename: string;
  /** A marked-up copy of the shot before it. */
  marked?: boolean;
}

interface Props {
  target: UploadTarget;
  onClose(): void;
  /** Opens the device's own camera app (the file input), for when the camera cannot be shown here. */
  onUseCameraApp(): void;
}

/**
 * The camera in the page: rear camera, never mirrored, a large shutter, several shots in a row. Each
 * shot goes to the upload queue the moment it is taken (stored, so a killed tab loses none of them);
 * the strip below lets the technician look at them, mark one up (the copy joins the strip) or delete one.
 */
export default function CameraDialog({ target, onClose, onUseCameraApp }: Props) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const uploads = useUploads();
  const { videoRef, camera } = useCameraStream();
  const [shots, setShots] = useState<Shot[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [editing, setEditing] = useState(false);
  const urls = useRef<string[]>([]);

  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);
  // Started with the camera, not at the shutter: a worker's start would be part of the first shot.
  const encoder = useRef<JpegEncoder | null>(null);
  useEffect(() => {
    const started = startJpegEncoder();
    encoder.current = started;
    return () => {
      started?.close();
      encoder.current = null;
    };
  }, []);

  const shoot = async () => {
    const video = videoRef.current;
    if (camera.status !== 'live' || !video || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const blob = await takePhoto(video, camera.track, encoder.current);
      const file = new File([blob], photoFilename(new Date(), shots.length + 1), { type: 'image/jpeg' });
      const { added, refused } = queue.add([file], target);
      const [entry] = added;
      if (!entry) throw new WordedError(refused[0]?.reason ?? FAILURE_WORDS.photoNotQueued);
      const url = URL.createObjectURL(blob);
      urls.current.push(url);
      setShots((previous) => [...previous, { entryId: entry.id, url, filename: file.name }]);
    } catch (error) {
      setProblem(error instanceof WordedError ? error.message : FAILURE_WORDS.photoNotQueued);
    } finally {
      setBusy(false);
    }
  };

  const remove = (shot: Shot) => {
    const entry = uploads.find((candidate) => candidate.id === shot.entryId);
    // An attached file's own target names its entity (learned by the queue when it was chosen offline).
    const entityId = entry?.target.entityId ?? null;
    if (entry?.state === 'attached' && entry.attachmentId !== undefined && entityId !== null) {
      setDeleting({ id: entry.attachmentId, filename: entry.filename, entityId });
      return;
    }
    queue.cancel(shot.entryId);
    queue.remove(shot.entryId);
    setShots((previous) => previous.filter((other) => other !== shot));
  };

  const markedUp = (original: Shot, marked: UploadEntry, keptOriginal: boolean) => {
    const url = URL.createObjectURL(marked.file);
    urls.current.push(url);
    const copy: Shot = { entryId: marked.id, url, filename: marked.filename, marked: true };
    setShots((previous) =>
      previous.flatMap((shot) => (shot !== original ? [shot] : keptOriginal ? [shot, copy] : [copy])),
    );
  };

  const entryOf = (shot: Shot) => uploads.find((entry) => entry.id === shot.entryId);
  const count = shots.length;
  const summary = shotsSummary(
    shots.flatMap((shot) => entryOf(shot) ?? []),
    intl,
  );

  return (
    <CameraModal
      videoRef={videoRef}
      camera={camera}
      onClose={onClose}
      // Escape in the mark-up editor, open over the camera, is the editor's, not a reason to close the camera.
      closeOnEscape={!editing}
      title={intl.formatMessage(
        { defaultMessage: 'Photos for {record}', id: 'EW7sb1' },
        { record: target.label },
      )}
      // The shots are already on their way: closing keeps them, and says so.
      closeLabel={
        count === 0
          ? intl.formatMessage({ defaultMessage: 'Close the camera', id: 'AzWgjb' })
          : intl.formatMessage(
              {
                defaultMessage:
                  '{count, plural, one {Close the camera, keeping the photo} other {Close the camera, keeping the # photos}}',
                id: 'mkrFWa',
              },
              { count },
            )
      }
      unavailableTitle={intl.formatMessage({
        defaultMessage: 'The camera cannot be shown here',
        id: 'y6o2If',
      })}
      unavailable={(reason) => (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{reason}</Text>
          <Button leftSection={<IconCamera size={20} aria-hidden />} onClick={onUseCameraApp}>
            <FormattedMessage
              defaultMessage="Use the camera app"
              id="IKWN+A"
              description="Button: opens the device's own camera app"
            />
          </Button>
        </Stack>
      )}
      over={
        <DeleteAttachmentDialog
          target={deleting}
          recordLabel={target.label}
          onClose={() => setDeleting(null)}
          onDeleted={(deleted) => {
            const entry = uploads.find((candidate) => candidate.attachmentId === deleted.id);
            if (!entry) return;
            setShots((previous) => previous.filter((shot) => shot.entryId !== entry.id));
            queue.remove(entry.id);
          }}
        />
      }
    >
      {problem && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={intl.formatMessage({
            defaultMessage: 'Dismiss',
            id: 'sIlK98',
            description: 'Closes a notice',
          })}
          onClose={() => setProblem(null)}
        >
          {problem}
        </Alert>
      )}
      <Group justify="center">
        {/* Never disabled while a shot is taken: focus stays on it for the next one (shoot ignores presses meanwhile). */}
        <ActionIcon
          size={88}
          radius="xl"
          variant="filled"
          aria-label={intl.formatMessage({ defaultMessage: 'Take photo', id: 'leu3Fa' })}
          aria-busy={busy}
          onClick={() => void shoot()}
          disabled={camera.status !== 'live'}
        >
          {busy ? <Loader size={40} color="white" aria-hidden /> : <IconCamera size={44} aria-hidden />}
        </ActionIcon>
      </Group>
      {count > 0 && (
        <ul
          className={classes.strip}
          aria-label={intl.formatMessage({ defaultMessage: 'Photos taken', id: 'uIf1sD' })}
        >
          {shots.map((shot, index) => {
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
              <li key={shot.entryId} className={classes.shot}>
                <Image
                  src={shot.url}
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
                      onEditing={setEditing}
                      onSaved={(marked, keptOriginal) => markedUp(shot, marked, keptOriginal)}
                    />
                  )}
                  <Tooltip label={intl.formatMessage({ defaultMessage: 'Delete this photo', id: 'hw1MJx' })}>
                    {/* Looks disabled while the photo is being attached, but keeps focus (a disabled button drops it). */}
                    <ActionIcon
                      variant="filled"
                      color="red"
                      size={48}
                      aria-label={intl.formatMessage(
                        { defaultMessage: 'Delete {name}', id: 'JpsXCp' },
                        { name },
                      )}
                      data-disabled={entry?.state === 'registering' || undefined}
                      aria-disabled={entry?.state === 'registering' || undefined}
                      onClick={() => entry?.state !== 'registering' && remove(shot)}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </li>
            );
          })}
        </ul>
      )}
      <Text ta="center" role="status" data-testid="camera-shots-summary">
        {count === 0 ? (
          <FormattedMessage defaultMessage="Each photo is attached as soon as it is taken." id="Yd2FEn" />
        ) : (
          summary
        )}
      </Text>
      <Button size="xl" onClick={onClose} variant={count > 0 ? 'filled' : 'default'}>
        {count === 0 ? (
          <FormattedMessage defaultMessage="Close" id="rbrahO" />
        ) : (
          <FormattedMessage
            defaultMessage="Done"
            id="yiY+FJ"
            description="Button: closes the camera after taking photos"
          />
        )}
      </Button>
    </CameraModal>
  );
}
