import { startTransition, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DeleteAttachmentDialog, type DeleteTarget } from '../../delete-attachment/index.ts';
import { useUploadQueue, useUploads } from '../../../upload/uploadQueueContext.tsx';
import type { UploadEntry, UploadTarget } from '../../../upload/types.ts';
import { startJpegEncoder, type JpegEncoder } from './takePhoto.ts';
import { pendingShots } from './pendingShots.ts';
import { useShutter } from './useShutter.ts';
import { shotsSummary } from './shotsSummary.ts';
import { useCameraStream } from '../../../components/camera/useCameraStream.ts';
import { CameraModal } from '../../../components/camera/CameraModal.tsx';
import { ShotStrip, type Shot, type ShotActions } from './ShotStrip.tsx';
import { TorchButton } from '../../../components/camera/TorchButton.tsx';
import { ClipControls } from '../recording/ClipControls.tsx';
import { useRecorder, useRecorderState, type Recorder } from '../recording/useRecorder.ts';
import { useVideoMode } from '../recording/useVideoMode.ts';
import { frameThumbnailOffThread } from './frameThumbnail.ts';

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
 * Video mode records clips with the same shutter place, each queued as it is stopped (useRecorder).
 */
export default function CameraDialog({ target, onClose, onUseCameraApp }: Props) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const uploads = useUploads();
  const cameraId = useId();
  // Before the camera: unmounted, the clip being recorded is stopped and kept before the camera stops.
  const recorder = useRecorder({ kind: 'clip', target, cameraId });
  // The camera stays on after the dialog closes until the shots pressed before are developed.
  const developing = useRef<() => Promise<void>>(() => Promise.resolve());
  const { videoRef, camera } = useCameraStream(() => developing.current());
  const [mode, setMode] = useState<'photo' | 'video'>('photo');
  const track = camera.status === 'live' ? camera.track : undefined;
  const video = useVideoMode(mode === 'video', track);
  const [shots, setShots] = useState<Shot[]>([]);
  // Presses whose photos are not in `shots` yet; the strip reads them from pendingShots itself.
  const [taking, setTaking] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [editing, setEditing] = useState(false);
  const urls = useRef<string[]>([]);

  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);
  // Started with the camera, not at the shutter: a worker's start would be part of the first shot.
  const encoder = useRef<JpegEncoder | null>(null);
  const shutter = useShutter({
    videoRef,
    camera,
    target,
    cameraId,
    encoder,
    // Not urgent: the press renders the strip and the lists' rows first (they read pendingShots), the
    // camera's words (how many, on the way) in the next render.
    onPressed: () =>
      startTransition(() => {
        setProblem(null);
        setTaking((n) => n + 1);
      }),
    onQueued: (shot, entry) => {
      const url = URL.createObjectURL(entry.file);
      urls.current.push(url);
      setTaking((n) => n - 1);
      setShots((previous) => [
        ...previous,
        { key: shot.id, entryId: entry.id, url, filename: shot.filename },
      ]);
    },
    onFailed: (_shot, reason) => {
      setTaking((n) => n - 1);
      setProblem(reason);
    },
  });
  const { settled } = shutter;
  const clipsSettled = recorder.settled;
  useEffect(() => {
    developing.current = () => Promise.all([settled(), clipsSettled()]).then(() => undefined);
  }, [settled, clipsSettled]);
  useEffect(() => {
    const started = startJpegEncoder();
    encoder.current = started;
    return () => {
      // Shots pressed before the camera closed are still developed (their stills asked for).
      void settled().then(() => started?.close());
      encoder.current = null;
    };
  }, [settled]);

  const remove = useCallback(
    (shot: Shot, entry: UploadEntry | undefined) => {
      if (shot.entryId === undefined) {
        // Not taken yet: its photo will not be queued.
        pendingShots.remove(shot.key);
        setTaking((n) => n - 1);
        return;
      }
      // An attached file's own target names its entity (learned by the queue when it was chosen offline).
      const entityId = entry?.target.entityId ?? null;
      if (entry?.state === 'attached' && entry.attachmentId !== undefined && entityId !== null) {
        setDeleting({ id: entry.attachmentId, filename: entry.filename, entityId });
        return;
      }
      queue.cancel(shot.entryId);
      queue.remove(shot.entryId);
      setShots((previous) => previous.filter((other) => other !== shot));
    },
    [queue],
  );

  const markedUp = useCallback((original: Shot, marked: UploadEntry, keptOriginal: boolean) => {
    const url = URL.createObjectURL(marked.file);
    urls.current.push(url);
    const copy: Shot = { key: marked.id, entryId: marked.id, url, filename: marked.filename, marked: true };
    setShots((previous) =>
      previous.flatMap((shot) => (shot !== original ? [shot] : keptOriginal ? [shot, copy] : [copy])),
    );
  }, []);

  const actions = useMemo<ShotActions>(
    () => ({ onRemove: remove, onMarkedUp: markedUp, onEditing: setEditing }),
    [remove, markedUp],
  );

  const entryOf = (shot: Shot) =>
    shot.entryId === undefined ? undefined : uploads.find((entry) => entry.id === shot.entryId);
  const count = shots.length + taking;
  const summary = shotsSummary(
    shots.flatMap((shot) => entryOf(shot) ?? []),
    intl,
    // Pressed, and not in the queue's files yet (its photo being taken, or queued but not announced).
    taking + shots.filter((shot) => !entryOf(shot)).length,
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
        <CameraModeSwitch recorder={recorder} mode={mode} onChange={setMode} />
        <TorchButton track={track} />
      </Group>
      {mode === 'video' ? (
        <ClipControls
          recorder={recorder}
          ready={camera.status === 'live' && (video.microphone !== null || video.microphoneProblem !== null)}
          microphoneProblem={video.microphoneProblem}
          onStart={() => {
            if (!track) return;
            const stream = new MediaStream([track, ...(video.microphone?.getAudioTracks() ?? [])]);
            recorder.start(stream, async () =>
              videoRef.current ? frameThumbnailOffThread(videoRef.current) : null,
            );
          }}
        />
      ) : (
        <Group justify="center">
          {/* Never disabled while a shot is taken: each press is a photo, as in a camera app. */}
          <ActionIcon
            size={88}
            radius="xl"
            variant="filled"
            aria-label={intl.formatMessage({ defaultMessage: 'Take photo', id: 'leu3Fa' })}
            onClick={shutter.press}
            disabled={camera.status !== 'live'}
          >
            <IconCamera size={44} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      <ShotStrip camera={cameraId} shots={shots} actions={actions} />
      {/* Nothing taken yet in Video mode: the clip's own status line says how clips are attached. */}
      <Text ta="center" role="status" data-testid="camera-shots-summary">
        {count > 0 ? (
          summary
        ) : mode === 'photo' ? (
          <FormattedMessage defaultMessage="Each photo is attached as soon as it is taken." id="Yd2FEn" />
        ) : null}
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

/** Photo or Video; renders alone when the recorder's status changes (not the whole dialog). */
function CameraModeSwitch({
  recorder,
  mode,
  onChange,
}: {
  recorder: Recorder;
  mode: 'photo' | 'video';
  onChange(mode: 'photo' | 'video'): void;
}) {
  const intl = useIntl();
  const { status } = useRecorderState(recorder);
  return (
    <SegmentedControl
      size="lg"
      value={mode}
      onChange={(value) => onChange(value === 'video' ? 'video' : 'photo')}
      // A clip being recorded or finished is the camera's until it is in the queue.
      disabled={status !== 'idle'}
      aria-label={intl.formatMessage({
        defaultMessage: 'Camera mode',
        id: 'OrKi1J',
        description: 'Photo or video',
      })}
      data={[
        {
          value: 'photo',
          label: intl.formatMessage({
            defaultMessage: 'Photo',
            id: 'XggRot',
            description: 'Camera mode: still photos',
          }),
        },
        {
          value: 'video',
          label: intl.formatMessage({
            defaultMessage: 'Video',
            id: '1WO9m/',
            description: 'Camera mode: video clips',
          }),
        },
      ]}
    />
  );
}
