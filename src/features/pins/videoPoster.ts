import { UnkeepableFile } from '../../pins/pinnedPorts.ts';
import { FAILURE_WORDS, WordedError } from '../../failures/failures.ts';
import { canvasJpeg, context2d, fitWithin, KEPT_IMAGE_EDGE_PX } from './keptForms.ts';

/** Where in the clip its kept frame is taken: past a first black frame, yet in any clip. */
const POSTER_AT_SECONDS = 0.1;

/**
 * A clip's kept copy for a pinned record: one frame of it, as a small JPEG. The player reads only
 * what that frame needs through the signed URL (storage answers `Range`): a 60 s clip is not read
 * whole to keep one picture. Read with CORS, so the frame may be drawn on a canvas.
 */
export async function videoPoster(url: string, signal: AbortSignal): Promise<Blob> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.crossOrigin = 'anonymous';
  video.playsInline = true;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = () => {
        const code = video.error?.code;
        // Bytes the player cannot decode stay so; a read that failed (the Wi-Fi, an expired URL) may not.
        const undecodable =
          code === MediaError.MEDIA_ERR_DECODE || code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED;
        reject(
          signal.aborted
            ? signal.reason
            : undecodable
              ? new UnkeepableFile(FAILURE_WORDS.clipUndecodable)
              : // Shown as "Pinning failed: …" when the read through a fresh URL fails too.
                new WordedError(FAILURE_WORDS.storageUnreachable),
        );
      };
      signal.addEventListener('abort', fail, { once: true });
      video.addEventListener('error', fail, { once: true });
      video.addEventListener(
        'loadedmetadata',
        () => {
          video.currentTime = Number.isFinite(video.duration)
            ? Math.min(POSTER_AT_SECONDS, video.duration / 2)
            : POSTER_AT_SECONDS;
        },
        { once: true },
      );
      video.addEventListener('seeked', () => resolve(), { once: true });
      video.src = url;
    });
    if (!video.videoWidth || !video.videoHeight) throw new UnkeepableFile(FAILURE_WORDS.clipNoPicture);
    const { width, height } = fitWithin(video.videoWidth, video.videoHeight, KEPT_IMAGE_EDGE_PX);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    context2d(canvas).drawImage(video, 0, 0, width, height);
    return await canvasJpeg(canvas);
  } finally {
    // Lets the player drop its connection and buffers at once.
    video.removeAttribute('src');
    video.load();
  }
}
