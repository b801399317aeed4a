/** The thumbnail's size in CSS pixels times two (sharp on a tablet's screen), 4:3 as the strip's. */
const WIDTH = 192;
const HEIGHT = 144;

/**
 * A small copy of what the camera shows now (a data URL), for the shot's place in the strip and the
 * queue before its photo exists: the frame scaled down to cover 192×144, a few milliseconds, never a
 * full-size copy. null where no frame can be drawn (no picture yet, no 2D canvas).
 */
export function frameThumbnail(video: HTMLVideoElement): string | null {
  const crop = middle(video);
  if (!crop) return null;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  try {
    context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, WIDTH, HEIGHT);
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  }
}

/** Cover: the frame's middle at the thumbnail's shape, as the strip's `object-fit: cover` shows it. */
function middle({ videoWidth, videoHeight }: HTMLVideoElement) {
  if (!videoWidth || !videoHeight) return null;
  const scale = Math.max(WIDTH / videoWidth, HEIGHT / videoHeight);
  const width = WIDTH / scale;
  const height = HEIGHT / scale;
  return { x: (videoWidth - width) / 2, y: (videoHeight - height) / 2, width, height };
}

/**
 * The same thumbnail, made without holding the page: the frame is copied and scaled by
 * `createImageBitmap` and encoded by `OffscreenCanvas.convertToBlob`, both off the main thread. For a
 * clip's picture, taken while the recording starts (the synchronous copy and encode was a task of 60-70
 * ms on a tablet's CPU there). Where those are missing, the synchronous one.
 */
export async function frameThumbnailOffThread(video: HTMLVideoElement): Promise<string | null> {
  const crop = middle(video);
  if (!crop) return null;
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function')
    return frameThumbnail(video);
  try {
    const bitmap = await createImageBitmap(video, crop.x, crop.y, crop.width, crop.height, {
      resizeWidth: WIDTH,
      resizeHeight: HEIGHT,
      resizeQuality: 'medium',
    });
    const canvas = new OffscreenCanvas(WIDTH, HEIGHT);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
    return await new Promise<string | null>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
      reader.onerror = () => resolve(null);
      reader.readAsDataURL(jpeg);
    });
  } catch {
    return null;
  }
}
