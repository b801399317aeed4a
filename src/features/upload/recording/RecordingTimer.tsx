import { Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { clockTime } from '../../../lib/clockTime.ts';
import type { Recorder, RecorderState } from './useRecorder.ts';

/**
 * "0:12 / 1:00": how long it has recorded, beside the limit where it stops by itself; it alone renders
 * each second. Shown while recording, and after a recording until the next starts.
 */
export function RecordingTimer({
  recorder,
  recording,
  size = 'xl',
}: {
  recorder: Recorder;
  /** The recorder's status is 'recording' (read by the caller, useRecorderState). */
  recording: boolean;
  size?: string;
}) {
  const intl = useIntl();
  const seconds = useSyncExternalStore(recorder.clock.subscribe, recorder.clock.seconds);
  if (!recording && seconds === 0) return null;
  return (
    <Text
      fw={700}
      size={size}
      ff="monospace"
      data-testid="recording-timer"
      aria-label={intl.formatMessage(
        {
          defaultMessage: '{recorded} recorded of {limit}',
          id: 'suRvtF',
          description: 'The recording timer for screen readers, e.g. "0:12 recorded of 1:00"',
        },
        { recorded: clockTime(seconds), limit: clockTime(recorder.limitSeconds) },
      )}
    >
      {intl.formatMessage(
        {
          defaultMessage: '{recorded} / {limit}',
          id: 'USmsPn',
          description: 'The recording timer, e.g. "0:12 / 1:00"',
        },
        { recorded: clockTime(seconds), limit: clockTime(recorder.limitSeconds) },
      )}
    </Text>
  );
}

/** Why the last recording stopped by itself, or null when it was stopped by a press. */
export function useStoppedByLimit(
  recorder: Recorder,
  state: RecorderState,
  kind: 'clip' | 'voice',
): string | null {
  const intl = useIntl();
  if (!state.stoppedBy || state.status === 'recording') return null;
  return intl.formatMessage(
    {
      defaultMessage:
        '{reason, select, time {{kind, select, clip {The clip} other {The voice note}} stopped by itself at the {limit} limit. It is kept and sent.} other {{kind, select, clip {The clip} other {The voice note}} stopped by itself at the size limit. It is kept and sent.}}',
      id: 'U1WrSK',
      description: 'A recording reached its limit; limit is a length, e.g. "1:00"',
    },
    { reason: state.stoppedBy, kind, limit: clockTime(recorder.limitSeconds) },
  );
}
