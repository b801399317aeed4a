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
