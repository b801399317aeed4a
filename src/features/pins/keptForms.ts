import { FAILURE_WORDS, WordedError } from '../../failures/failures.ts';

/** The long edge of an image's kept copy: enough for its thumbnail and a readable offline preview. */
export const KEPT_IMAGE_EDGE_PX = 640;
/** JPEG quality of kept copies. */
export const KEPT_JPEG_QUALITY = 0.8;

/** A canvas of the given size, off the document where the browser has OffscreenCanvas. */
function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * A canvas's 2D context. A browser gives none when it is short of canvas memory: said in the failure
 * vocabulary's words, as a pin's failure reaches the screen ("Pinning failed: …").
 */
export function context2d<C extends OffscreenCanvas | HTMLCanvasElement>(
  canvas: C,
): C extends OffscreenCanvas ? OffscreenCanvasRenderingContext2D : CanvasRenderingContext2D {
  const context = canvas.getContext('2d');
  if (!context) throw new WordedError(FAILURE_WORDS.keptCopyNotDrawn);
  return context as C extends OffscreenCanvas ? OffscreenCanvasRenderingContext2D : CanvasRenderingContext2D;
}

/** The canvas as a JPEG. */
export function canvasJpeg(canvas: OffscreenCanvas | HTMLCanvasElement): Promise<Blob> {
  if ('convertToBlob' in canvas) {
    return canvas.convertToBlob({ type: 'image/jpeg', quality: KEPT_JPEG_QUALITY });
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new WordedError(FAILURE_WORDS.keptCopyNotDrawn))),
      'image/jpeg',
      KEPT_JPEG_QUALITY,
    ),
  );
}

/** Width and height that fit `maxEdge` on the long side, never enlarged. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A small JPEG copy of an image (decoded by the browser, which gives up on what it cannot draw, such
 * as HEIC outside Safari), on white: what the thumbnail and the offline preview show.
 */
export async function smallImageCopy(image: Blob, maxEdge = KEPT_IMAGE_EDGE_PX): Promise<Blob> {
  const bitmap = await decodeSmall(image, maxEdge);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const canvas = makeCanvas(width, height);
    const context = context2d(canvas);
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return await canvasJpeg(canvas);
  } finally {
    bitmap.close();
  }
}

/** Below this, a picture is decoded whole (it is small anyway, and is never enlarged). */
const DECODE_WHOLE_BYTES = 256 * 1024;

/**
 * The picture decoded at about the size it is kept at: the browser scales while it decodes (a camera
 * photo is 12 megapixels; decoding it whole and then drawing it small took most of a pin's time). A
 * portrait picture comes out taller than `maxEdge` at the first try and is decoded again by its height.
 */
async function decodeSmall(image: Blob, maxEdge: number): Promise<ImageBitmap> {
  if (image.size <= DECODE_WHOLE_BYTES) return createImageBitmap(image);
  const wide = await createImageBitmap(image, { resizeWidth: maxEdge, resizeQuality: 'medium' });
  if (wide.height <= maxEdge) return wide;
  wide.close();
  return createImageBitmap(image, { resizeHeight: maxEdge, resizeQuality: 'medium' });
}
