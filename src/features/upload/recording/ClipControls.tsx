import { ActionIcon, Alert, Group, Stack, Text } from '@mantine/core';
import { IconPlayerRecordFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { RecordingTimer, useStoppedByLimit } from './RecordingTimer.tsx';
import { useRecorderState, type Recorder } from './useRecorder.ts';

interface Props {
  recorder: Recorder;
  /** The camera shows a picture and the microphone has answered (given or refused). */
  ready: boolean;
  onStart(): void;
  microphoneProblem: string | null;
}

/**
 * Video mode's shutter, where the photo shutter is and as large: one press starts the clip, one stops
 * it (no holding with a glove); the timer runs beside its limit; a stop by the limit is said.
 */
export function ClipControls({ recorder, ready, onStart, microphoneProblem }: Props) {
  const intl = useIntl();
  const state = useRecorderState(recorder);
  const recording = state.status === 'recording';
  const stoppedByLimit = useStoppedByLimit(recorder, state, 'clip');
  return (
    <Stack gap="xs" align="center">
      {microphoneProblem && (
        <Alert color="orange" role="alert" w="100%">
          {intl.formatMessage(
            {
              defaultMessage: 'Clips are recorded without sound. {reason}',
              id: 'XaHvfX',
              description: 'reason: why the microphone cannot be used, and what to do',
            },
            { reason: microphoneProblem },
          )}
        </Alert>
      )}
      <Group justify="center" gap="lg">
        <ActionIcon
          size={88}
          radius="xl"
          variant="filled"
          color="red"
          aria-label={
            recording
              ? intl.formatMessage({ defaultMessage: 'Stop recording', id: 'sCBCDq' })
              : intl.formatMessage({ defaultMessage: 'Start recording', id: 'QpxPqx' })
          }
          onClick={recording ? recorder.stop : onStart}
          disabled={!recording && !ready}
        >
          {recording ? (
            <IconPlayerStopFilled size={44} aria-hidden />
          ) : (
            <IconPlayerRecordFilled size={44} aria-hidden />
          )}
        </ActionIcon>
        <RecordingTimer recorder={recorder} recording={recording} />
      </Group>
      <Text ta="center" role="status" data-testid="clip-status">
        {recording
          ? intl.formatMessage({
              defaultMessage: 'Recording… Press stop when the clip shows enough.',
              id: 'v0c7sh',
            })
          : state.status === 'finishing'
            ? intl.formatMessage({ defaultMessage: 'Finishing the clip…', id: '40Cz9o' })
            : (stoppedByLimit ??
              intl.formatMessage({
                defaultMessage: 'Each clip is attached as soon as it is stopped, like a photo.',
                id: '3ZX0QA',
              }))}
      </Text>
      {state.problem && (
        <Alert color="red" role="alert" w="100%">
          {state.problem}
        </Alert>
      )}
    </Stack>
  );
}
