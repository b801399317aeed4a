import { FAILURE_WORDS } from '../../lib/failures.ts';

/** Why the camera cannot be used here, in words for the technician; null when it can. */
export function cameraUnavailableReason(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Camera access was refused. Allow the camera for this site in the browser settings, or use the device’s camera app.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'This device has no camera the browser can use.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is busy in another app. Close it, or use the device’s camera app.';
    case 'NoApiError':
      return 'This browser cannot show the camera in the page (it needs a secure https address).';
    default:
      // The browser's own text names its internals, not what the technician can do.
      return FAILURE_WORDS.cameraFailed;
  }
}

/**
 * The rear camera at the best resolution it offers (a shop-floor photo must show a part number), or
 * the only camera there is.
 */
export async function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw Object.assign(new Error('No camera API'), { name: 'NoApiError' });
  }
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 4096 }, height: { ideal: 3072 } },
  });
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
