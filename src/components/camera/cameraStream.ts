import { defineMessages } from 'react-intl';
import { appIntl } from '../../i18n/index.ts';
import { FAILURE_WORDS } from '../../failures/failures.ts';
import { deviceProblem, openMediaDevice } from './mediaDevice.ts';

const CAMERA_WORDS = defineMessages({
  refused: {
    defaultMessage:
      'Camera access was refused. Allow the camera for this site in the browser settings, or use the device’s camera app.',
    id: 'hgGMfp',
  },
  missing: { defaultMessage: 'This device has no camera the browser can use.', id: 'glgVMq' },
  busy: {
    defaultMessage: 'The camera is busy in another app. Close it, or use the device’s camera app.',
    id: 'I1VfDz',
  },
  noApi: {
    defaultMessage: 'This browser cannot show the camera in the page (it needs a secure https address).',
    id: '46s8TA',
  },
});

/** Why the camera cannot be used here, in words for the technician (the language in force now). */
export function cameraUnavailableReason(error: unknown): string {
  const problem = deviceProblem(error);
  // The browser's own text names its internals, not what the technician can do.
  return problem === 'other' ? FAILURE_WORDS.cameraFailed : appIntl().formatMessage(CAMERA_WORDS[problem]);
}

/**
 * The rear camera at the best resolution it offers (a shop-floor photo must show a part number), or
 * the only camera there is.
 */
export async function openRearCamera(): Promise<MediaStream> {
  return openMediaDevice(
    {
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 4096 }, height: { ideal: 3072 } },
    },
    'camera',
  );
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

/** Whether the track's light can be switched on (Android's rear cameras, mostly). */
export function hasTorch(track: MediaStreamTrack | undefined): boolean {
  return Boolean(
    track &&
    typeof track.getCapabilities === 'function' &&
    (track.getCapabilities() as TorchCapabilities).torch,
  );
}

export async function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}
