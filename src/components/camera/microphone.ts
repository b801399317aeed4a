import { appIntl } from '../../i18n/index.ts';

/** Why the microphone cannot be used here, in words for the technician, saying what to do. */
export function microphoneUnavailableReason(error: unknown): string {
  const intl = appIntl();
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return intl.formatMessage({
        defaultMessage:
          'Microphone access was refused. Allow the microphone for this site in the browser settings (the lock or camera sign beside the address), then try again.',
        id: 'SE4h8Z',
      });
    case 'NotFoundError':
    case 'OverconstrainedError':
      return intl.formatMessage({
        defaultMessage:
          'This device has no microphone the browser can use. Plug in a headset or use another device.',
        id: 'Q0YCOg',
      });
    case 'NotReadableError':
    case 'AbortError':
      return intl.formatMessage({
        defaultMessage: 'The microphone is busy in another app (a call, a recorder). Close it and try again.',
        id: 'Vu6cw3',
      });
    case 'NoApiError':
      return intl.formatMessage({
        defaultMessage: 'This browser cannot record sound in the page (it needs a secure https address).',
        id: 'gbGpRC',
      });
    default:
      return intl.formatMessage({
        defaultMessage: 'The microphone could not be started. Try again.',
        id: 'gBExjc',
      });
  }
}

/** The microphone, tuned for speech (echo and noise suppression), or a refusal to explain. */
export async function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw Object.assign(new Error('No microphone API'), { name: 'NoApiError' });
  }
  return navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    video: false,
  });
}
