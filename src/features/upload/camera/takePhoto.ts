import type { StillToJpegReply, StillToJpegRequest } from './stillToJpeg.worker.ts';

interface ImageCaptureLike {
  takePhoto(): Promise<Blob>;
}
type ImageCaptureConstructor = new (track: MediaStreamTrack) => ImageCaptureLike;

const photoJpegQuality = 0.92;

/** Encodes stills as JPEG in a worker, started with the camera so its start is not part of a shot. */
export interface JpegEncoder {
  /** The still's JPEG, made in the worker; rejects when the worker cannot (the page then does it). */
  encode(still: Blob | ImageBitmap): Promise<Blob>;
  close(): void;
}

/** A worker for the camera's stills, or null where there are no module workers or OffscreenCanvas. */
export function startJpegEncoder(): JpegEncoder | null {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./stillToJpeg.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  let next = 0;
  let broken = false;
  const waiting = new Map<number, { resolve(jpeg: Blob): void; reject(error: Error): void }>();
  const fail = (error: Error) => {
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  };
  worker.onmessage = (event: MessageEvent<StillToJpegReply>) => {
    const reply = event.data;
    const request = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('jpeg' in reply) request?.resolve(reply.jpeg);
    else request?.reject(new Error(reply.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    broken = true;
    fail(new Error('The photo worker stopped.'));
  };
  return {
    encode(still) {
      if (broken) return Promise.reject(new Error('The photo worker stopped.'));
      const id = (next += 1);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const request: StillToJpegRequest = { id, still, quality: photoJpegQuality };
        worker.postMessage(request, still instanceof Blob ? [] : [still]);
      });
    },
    close() {
      broken = true;
      worker.terminate();
      fail(new Error('The camera was closed.'));
    },
  };
}

/**
 * A full-resolution still, always a JPEG: ImageCapture.takePhoto where the browser has it (the
 * sensor's full size, not the preview's), else the current video frame drawn as it is (never
 * mirrored). Some cameras hand takePhoto a PNG (Chromium's fake one does): it is encoded as JPEG, so
 * the photo's name, type and bytes agree and the queue makes it lighter like any other photo. The
 * encode is the `encoder`'s (a worker) when there is one, else, or when it fails, the page's.
 */
export async function takePhoto(
  video: HTMLVideoElement,
  track: MediaStreamTrack,
  encoder: JpegEncoder | null = null,
): Promise<Blob> {
  const ImageCapture = (globalThis as { ImageCapture?: ImageCaptureConstructor }).ImageCapture;
  if (ImageCapture) {
    let still: Blob | null = null;
    try {
      still = await new ImageCapture(track).takePhoto();
    } catch {
      // Some cameras refuse takePhoto (virtual and fake ones among them); the frame still serves.
    }
    if (still) {
      if (still.type === 'image/jpeg') return still;
      if (encoder) {
        try {
          return await encoder.encode(still);
        } catch {
          // The worker could not: the page encodes it, as it does without one.
        }
      }
      return asJpeg(await createImageBitmap(still));
    }
  }
  if (video.videoWidth === 0) throw new Error('The camera has not shown a picture yet.');
  if (encoder) {
    try {
      return await encoder.encode(await createImageBitmap(video));
    } catch {
      // As above: the page draws the frame itself.
    }
  }
  return asJpeg(video);
}

/** A picture (a decoded still or the video's current frame) drawn at its own size and encoded as JPEG. */
function asJpeg(picture: ImageBitmap | HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = picture instanceof HTMLVideoElement ? picture.videoWidth : picture.width;
  canvas.height = picture instanceof HTMLVideoElement ? picture.videoHeight : picture.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The photo could not be taken.');
  context.drawImage(picture, 0, 0);
  if (!(picture instanceof HTMLVideoElement)) picture.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be taken.'))),
      'image/jpeg',
      photoJpegQuality,
    ),
  );
}
