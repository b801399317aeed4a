import { scaledSize, type LightenSettings } from './lightenPolicy.ts';
import { carryExif } from './photoExif.ts';

export interface LightenRequest extends LightenSettings {
  file: Blob;
  kind: 'jpeg' | 'heif';
}

export type LightenReply = { lighter: Blob | null } | { error: string };

/**
 * Decodes with the EXIF orientation applied to the pixels (createImageBitmap's default
 * `from-image`), so the copy stands upright everywhere; its EXIF (carryExif) says so.
 */
async function decode(file: Blob, kind: LightenRequest['kind']): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    if (kind !== 'heif') throw error;
    // Only browsers without a HEIC decoder get here, and only they load libheif (WebAssembly).
    const { decodeHeif } = await import('./decodeHeif.ts');
    return decodeHeif(file);
  }
}

/**
 * A JPEG no longer than `maxEdgePx` on its long edge, or null when the photo is best sent as it is: a
 * JPEG already within the limit, or one the copy would not make smaller. HEIC always becomes JPEG.
 */
async function lighten({ file, kind, maxEdgePx, jpegQuality }: LightenRequest): Promise<Blob | null> {
  const bitmap = await decode(file, kind);
  try {
    if (kind === 'jpeg' && Math.max(bitmap.width, bitmap.height) <= maxEdgePx) return null;
    const { width, height } = scaledSize(bitmap.width, bitmap.height, maxEdgePx);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images in the background.');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const encoded = await canvas.convertToBlob({ type: 'image/jpeg', quality: jpegQuality });
    // The canvas writes no EXIF: the photo's facts (when, what, who, the camera's) are copied over.
    const lighter = kind === 'jpeg' ? await carryExif(file, encoded, { width, height }) : encoded;
    return kind === 'jpeg' && lighter.size >= file.size ? null : lighter;
  } finally {
    bitmap.close();
  }
}

self.onmessage = async (event: MessageEvent<LightenRequest>) => {
  let reply: LightenReply;
  try {
    reply = { lighter: await lighten(event.data) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
