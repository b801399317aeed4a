import { startTransition, useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { stopStream } from '../../../components/camera/cameraStream.ts';
import { microphoneUnavailableReason, openMicrophone } from '../../../components/camera/microphone.ts';
import type { UploadTarget } from '../../../upload/types.ts';
import { LevelMeter } from './LevelMeter.tsx';
import { RecordingTimer, useStoppedByLimit } from './RecordingTimer.tsx';
import { useRecorder, useRecorderState } from './useRecorder.ts';

interface Props {
  target: UploadTarget;
  size?: ButtonProps['size'];
  /** Its name for screen readers where "Record voice note" alone would not say for what. */
  label?: string;
}

/**
 * A voice note for a record or an evidence slot: one press starts it, one press stops it (nothing to
 * hold with a glove); a level meter shows the microphone hears; it stops by itself at the limit. The
 * note goes to the upload queue like a photo, named for what it is (`.weba`, `.m4a`).
 */
export function VoiceNoteButton({ target, size, label }: Props) {
  const intl = useIntl();
  const recorder = useRecorder({ kind: 'voice', target });
  const [microphone, setMicrophone] = useState<MediaStream | null>(null);
  const [opening, setOpening] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const state = useRecorderState(recorder);
  const stoppedByLimit = useStoppedByLimit(recorder, state, 'voice');
  const recording = state.status === 'recording';

  // The microphone is let go as soon as the note stops (by a press or by its limit).
  const { settled } = recorder;
  useEffect(() => {
    if (!microphone) return;
    if (!recording) {
      void settled().then(() => stopStream(microphone));
      return;
    }
    // Left while recording: the note is kept (useRecorder), then the microphone goes.
    return () => void settled().then(() => stopStream(microphone));
  }, [microphone, recording, settled]);

  const start = () => {
    setOpening(true);
    setRefused(null);
    openMicrophone().then(
      (stream) => {
        setOpening(false);
        // Rendered with the recorder's switch to recording (a transition, see useRecorder): a render
        // with the microphone and not yet recording would let the microphone go.
        startTransition(() => setMicrophone(stream));
        recorder.start(stream);
      },
      (error: unknown) => {
        setOpening(false);
        setRefused(microphoneUnavailableReason(error));
      },
    );
  };

  return (
    <Stack gap={6} align="flex-start">
      {recording ? (
        <Group gap="sm" wrap="wrap">
          <Button
            size={size}
            color="red"
            leftSection={<IconPlayerStopFilled size={size === 'sm' ? 18 : 20} aria-hidden />}
            onClick={recorder.stop}
            aria-label={intl.formatMessage({
              defaultMessage: 'Stop the voice note',
              id: 'FoVUsG',
              description: 'Button: stops recording a voice note (it is then attached)',
            })}
          >
            <FormattedMessage
              defaultMessage="Stop"
              id="VYd8cG"
              description="Button: stops recording a voice note"
            />
          </Button>
          <RecordingTimer recorder={recorder} recording size={size === 'sm' ? 'md' : 'lg'} />
          <LevelMeter
            stream={microphone}
            label={intl.formatMessage({
              defaultMessage: 'Sound level',
              id: 'ZGkDzI',
              description: 'A bar showing how loud the microphone hears the technician',
            })}
          />
        </Group>
      ) : (
        <Button
          size={size}
          variant="default"
          leftSection={<IconMicrophone size={size === 'sm' ? 18 : 20} aria-hidden />}
          aria-label={label}
          loading={opening}
          onClick={start}
        >
          <FormattedMessage
            defaultMessage="Record voice note"
            id="eeA69R"
            description="Button: starts recording a voice note"
          />
        </Button>
      )}
      {recording && (
        <Text size="sm" role="status">
          <FormattedMessage
            defaultMessage="Recording… Press Stop when you are done."
            id="6N7rCV"
            description="While a voice note records"
          />
        </Text>
      )}
      {!recording && stoppedByLimit && (
        <Text size="sm" role="status">
          {stoppedByLimit}
        </Text>
      )}
      {(refused ?? state.problem) && (
        <Alert color="red" role="alert">
          {refused ?? state.problem}
        </Alert>
      )}
    </Stack>
  );
}
