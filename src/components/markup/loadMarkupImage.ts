import { PHOTO_MAX_LONG_EDGE } from '../../upload/photoLimits.ts';

/** The size a picture is worked on and saved at: its own, or smaller to fit the photo cap. */
export function cappedSize(
  width: number,
  height: number,
  maxEdge: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Decodes a photo upright (EXIF orientation applied) and no larger than the app's photo cap. The
 * browser decodes and scales off the main thread, so a 12-megapixel photo does not freeze the page.
 */
export async function loadMarkupImage(image: Blob, maxEdge = PHOTO_MAX_LONG_EDGE): Promise<ImageBitmap> {
  const full = await createImageBitmap(image, { imageOrientation: 'from-image' });
  const size = cappedSize(full.width, full.height, maxEdge);
  if (size.width === full.width && size.height === full.height) return full;
  try {
    return await createImageBitmap(full, {
      resizeWidth: size.width,
      resizeHeight: size.height,
      resizeQuality: 'high',
    });
  } finally {
    full.close();
  }
}

/**
 * The picture in coarse blocks, drawn under a blur mark: blocks this large cannot be read back
 * (a soft blur of text or a serial number sometimes can).
 */
export async function mosaicOf(bitmap: ImageBitmap): Promise<HTMLCanvasElement> {
  const block = Math.max(8, Math.round(Math.max(bitmap.width, bitmap.height) / 80));
  const small = await createImageBitmap(bitmap, {
    resizeWidth: Math.ceil(bitmap.width / block),
    resizeHeight: Math.ceil(bitmap.height / block),
    resizeQuality: 'medium',
  });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the blurred area.');
  context.imageSmoothingEnabled = false;
  context.drawImage(small, 0, 0, small.width * block, small.height * block);
  small.close();
  return canvas;
}
