/** The thumbnail's size in CSS pixels times two (sharp on a tablet's screen), 4:3 as the strip's. */
const WIDTH = 192;
const HEIGHT = 144;

/**
 * A small copy of what the camera shows now (a data URL), for the shot's place in the strip and the
 * queue before its photo exists: the frame scaled down to cover 192×144, a few milliseconds, never a
 * full-size copy. null where no frame can be drawn (no picture yet, no 2D canvas).
 */
export function frameThumbnail(video: HTMLVideoElement): string | null {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return null;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  // Cover: the frame's middle at the thumbnail's shape, as the strip's `object-fit: cover` shows it.
  const scale = Math.max(WIDTH / videoWidth, HEIGHT / videoHeight);
  const width = WIDTH / scale;
  const height = HEIGHT / scale;
  try {
    context.drawImage(
      video,
      (videoWidth - width) / 2,
      (videoHeight - height) / 2,
      width,
      height,
      0,
      0,
      WIDTH,
      HEIGHT,
    );
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  }
}
