/**
 * What a camera and a microphone have in common: how the browser is asked for one, and what its
 * refusal means. Each device says the meaning in its own words (cameraStream.ts, microphone.ts).
 */

/** Why a device could not be opened, by the name the browser gives its error. */
export type DeviceProblem = 'refused' | 'missing' | 'busy' | 'noApi' | 'other';

export function deviceProblem(error: unknown): DeviceProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'refused';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'missing';
    case 'NotReadableError':
    case 'AbortError':
      return 'busy';
    case 'NoApiError':
      return 'noApi';
    default:
      return 'other';
  }
}

/** The device the constraints ask for, or a `NoApiError` where the page cannot ask (no https). */
export async function openMediaDevice(
  constraints: MediaStreamConstraints,
  what: string,
): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw Object.assign(new Error(`No ${what} API`), { name: 'NoApiError' });
  }
  return navigator.mediaDevices.getUserMedia(constraints);
}
