import { scaledSize } from '../../upload/lightenPolicy.ts';

/**
 * Decodes a photo upright (EXIF orientation applied) and no larger than the photo cap of config.json
 * (`photoMaxEdgePx`, the one photos are made lighter to), so the marked copy matches the photos next
 * to it. The browser decodes and scales off the main thread, so a 12-megapixel photo does not freeze the page.
 */
export async function loadMarkupImage(image: Blob, maxEdgePx: number): Promise<ImageBitmap> {
  const full = await createImageBitmap(image, { imageOrientation: 'from-image' });
  const size = scaledSize(full.width, full.height, maxEdgePx);
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
