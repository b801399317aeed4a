import { jpegPixelSize } from '../../upload/lightenPhotoSize.ts';
import { scaledSize } from '../../upload/lightenPolicy.ts';
import type { Size } from './shapeModel.ts';

/** Enough of a JPEG for its EXIF and frame header (both come before the picture's data). */
const HEADER_BYTES = 256 * 1024;

/**
 * The EXIF orientation of a JPEG (1–8; 1 when it says none): tag 0x0112 of the first image file
 * directory of its APP1 "Exif" segment.
 */
export function jpegOrientation(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    const length = view.getUint16(at + 2);
    if (marker === 0xda || length < 2) return 1;
    const exif = at + 4;
    if (marker === 0xe1 && exif + 14 <= bytes.length && view.getUint32(exif) === 0x45786966) {
      const tiff = exif + 6;
      const little = view.getUint16(tiff) === 0x4949;
      const u16 = (offset: number) => view.getUint16(offset, little);
      const u32 = (offset: number) => view.getUint32(offset, little);
      const ifd = tiff + u32(tiff + 4);
      if (ifd + 2 > bytes.length) return 1;
      const entries = u16(ifd);
      for (let i = 0; i < entries; i++) {
        const entry = ifd + 2 + i * 12;
        if (entry + 12 > bytes.length) return 1;
        if (u16(entry) === 0x0112) {
          const value = u16(entry + 8);
          return value >= 1 && value <= 8 ? value : 1;
        }
      }
      return 1;
    }
    at += 2 + length;
  }
  return 1;
}

/**
 * The size a JPEG will have in the editor (upright, within the photo cap), read from its header
 * without decoding it, so the editor can be laid out while the photo decodes; null when the header
 * does not say (other formats: the editor waits for the decode).
 */
export async function headerPictureSize(image: Blob, maxEdgePx: number): Promise<Size | null> {
  const bytes = new Uint8Array(await image.slice(0, HEADER_BYTES).arrayBuffer());
  const frame = jpegPixelSize(bytes);
  if (!frame) return null;
  // Orientations 5–8 turn the picture a quarter: its width is the frame's height.
  const turned = jpegOrientation(bytes) >= 5;
  const upright = turned ? { width: frame.height, height: frame.width } : frame;
  return scaledSize(upright.width, upright.height, maxEdgePx);
}
