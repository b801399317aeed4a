import { appIntl } from '../i18n/index.ts';

/**
 * A photo's size in pixels, read from its header without decoding it. Decoding takes 4 bytes a pixel
 * however small the file is: a 16000 × 16000 JPEG of a few megabytes takes 1 GB, which a tablet's
 * browser may not have. Lightening reads this first and leaves such a photo as it is.
 */
export interface PixelSize {
  width: number;
  height: number;
}

/** Decoding more than this (256 MB of pixels) is not tried: phones save 12–50 megapixels. */
export const MAX_LIGHTEN_PIXELS = 64_000_000;

/** Enough of the file for the header: JPEG metadata (EXIF, colour profile) comes before the size. */
const HEADER_BYTES = 1024 * 1024;

/** SOFn markers, which carry the frame size (not DHT C4, JPG C8 or DAC CC). */
const START_OF_FRAME = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/** The frame size of a JPEG, walking its segments; null when the header does not say. */
export function jpegPixelSize(bytes: Uint8Array): PixelSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (START_OF_FRAME.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    // Start of scan: the frame header should have come before.
    if (marker === 0xda || length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/**
 * The largest image size a HEIF/HEIC declares ('ispe' properties: the whole picture, and its tiles
 * and thumbnail, which are smaller); null when none is in the header.
 */
export function heifPixelSize(bytes: Uint8Array): PixelSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let largest: PixelSize | null = null;
  // 'ispe' (box type), then version and flags (4 bytes), width and height (4 bytes each).
  for (let at = 4; at + 16 <= bytes.length; at++) {
    if (bytes[at] !== 0x69 || bytes[at + 1] !== 0x73 || bytes[at + 2] !== 0x70 || bytes[at + 3] !== 0x65) {
      continue;
    }
    const size = { width: view.getUint32(at + 8), height: view.getUint32(at + 12) };
    if (!largest || size.width * size.height > largest.width * largest.height) largest = size;
  }
  return largest;
}

/** The photo's size from its first megabyte, or null when its header does not say. */
export async function photoPixelSize(file: Blob, kind: 'jpeg' | 'heif'): Promise<PixelSize | null> {
  const bytes = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  return kind === 'jpeg' ? jpegPixelSize(bytes) : heifPixelSize(bytes);
}

/** Why a photo is sent as it is, or null when it may be decoded. */
export function tooLargeToLighten(size: PixelSize | null): string | null {
  if (!size || size.width * size.height <= MAX_LIGHTEN_PIXELS) return null;
  return appIntl().formatMessage(
    {
      defaultMessage: 'It is too large to make lighter on this tablet ({width} × {height} pixels).',
      id: 'WTfOL+',
      description: 'Why a photo is sent at full size; follows "Sent at full size: "',
    },
    { width: size.width, height: size.height },
  );
}
