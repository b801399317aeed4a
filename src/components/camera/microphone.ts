import { defineMessages } from 'react-intl';
import { appIntl } from '../../i18n/index.ts';
import { deviceProblem, openMediaDevice } from './mediaDevice.ts';

const MICROPHONE_WORDS = defineMessages({
  refused: {
    defaultMessage:
      'Microphone access was refused. Allow the microphone for this site in the browser settings (the lock or camera sign beside the address), then try again.',
    id: 'SE4h8Z',
  },
  missing: {
    defaultMessage:
      'This device has no microphone the browser can use. Plug in a headset or use another device.',
    id: 'Q0YCOg',
  },
  busy: {
    defaultMessage: 'The microphone is busy in another app (a call, a recorder). Close it and try again.',
    id: 'Vu6cw3',
  },
  noApi: {
    defaultMessage: 'This browser cannot record sound in the page (it needs a secure https address).',
    id: 'gbGpRC',
  },
  other: { defaultMessage: 'The microphone could not be started. Try again.', id: 'gBExjc' },
});

/** Why the microphone cannot be used here, in words for the technician, saying what to do. */
export function microphoneUnavailableReason(error: unknown): string {
  return appIntl().formatMessage(MICROPHONE_WORDS[deviceProblem(error)]);
}

/** The microphone, tuned for speech (echo and noise suppression), or a refusal to explain. */
export async function openMicrophone(): Promise<MediaStream> {
  return openMediaDevice(
    { audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true }, video: false },
    'microphone',
  );
}
