import { describe, expect, it } from 'vitest';
import { headerPictureSize, jpegOrientation } from './pictureSize.ts';

/** A JPEG's header: an APP1 "Exif" segment with the orientation tag (when given), then the frame. */
function jpegHeader(
  frame: { width: number; height: number },
  orientation?: number,
  little = false,
): Uint8Array {
  const bytes: number[] = [0xff, 0xd8];
  const u16 = (value: number) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
  const u32 = (value: number) =>
    little
      ? [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24]
      : [value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
  if (orientation !== undefined) {
    const tiff = [
      ...(little ? [0x49, 0x49] : [0x4d, 0x4d]),
      ...u16(42),
      ...u32(8),
      ...u16(2),
      // Image width (0x0100) first, so the orientation is not the first entry.
      ...u16(0x0100),
      ...u16(3),
      ...u32(1),
      ...u16(frame.width),
      0,
      0,
      ...u16(0x0112),
      ...u16(3),
      ...u32(1),
      ...u16(orientation),
      0,
      0,
      ...u32(0),
    ];
    const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    bytes.push(0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  }
  bytes.push(
    0xff,
    0xc0,
    0,
    17,
    8,
    frame.height >> 8,
    frame.height & 0xff,
    frame.width >> 8,
    frame.width & 0xff,
  );
  bytes.push(...new Array<number>(12).fill(0));
  return new Uint8Array(bytes);
}

describe('jpegOrientation', () => {
  it('reads the EXIF orientation in either byte order, and 1 when there is none', () => {
    expect(jpegOrientation(jpegHeader({ width: 40, height: 30 }, 6))).toBe(6);
    expect(jpegOrientation(jpegHeader({ width: 40, height: 30 }, 3, true))).toBe(3);
    expect(jpegOrientation(jpegHeader({ width: 40, height: 30 }))).toBe(1);
    expect(jpegOrientation(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(1);
  });
});

describe('headerPictureSize', () => {
  const blob = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });

  it('is the upright size within the cap, turned a quarter for orientations 5 to 8', async () => {
    expect(await headerPictureSize(blob(jpegHeader({ width: 4000, height: 3000 }, 1)), 2560)).toEqual({
      width: 2560,
      height: 1920,
    });
    expect(await headerPictureSize(blob(jpegHeader({ width: 4000, height: 3000 }, 6)), 2560)).toEqual({
      width: 1920,
      height: 2560,
    });
    expect(await headerPictureSize(blob(jpegHeader({ width: 800, height: 600 })), 2560)).toEqual({
      width: 800,
      height: 600,
    });
  });

  it('is null when the header does not say (not a JPEG)', async () => {
    expect(await headerPictureSize(new Blob(['not a photo']), 2560)).toBeNull();
  });
});
