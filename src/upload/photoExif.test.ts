import { describe, expect, it } from 'vitest';
import { dump, TagValues, type IExif } from 'piexif-ts';
import {
  carryExif,
  exifDateTime,
  exifOffset,
  readExif,
  readExifText,
  stampCapture,
  writeExif,
} from './photoExif.ts';

const { ImageIFD, ExifIFD } = TagValues;

/** A JPEG's structure (no decoder reads these tests' pictures: the writer never decodes). */
function segment(marker: number, content: number[]): number[] {
  const length = content.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...content];
}
const JFIF = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const QUANT = segment(
  0xdb,
  Array.from({ length: 65 }, (_, i) => i),
);
const PICTURE = [0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0x56, 0xff, 0x00, 0x78, 0xff, 0xd9];

function exifSegment(exif: IExif): number[] {
  return segment(
    0xe1,
    [...dump(exif)].map((char) => char.charCodeAt(0)),
  );
}
function jpeg(...segments: number[][]): Blob {
  return new Blob([new Uint8Array([0xff, 0xd8, ...segments.flat(), ...PICTURE])], { type: 'image/jpeg' });
}
async function bytesOf(blob: Blob): Promise<number[]> {
  return [...new Uint8Array(await blob.arrayBuffer())];
}
function countExifSegments(bytes: number[]): number {
  return bytes.filter((byte, i) => byte === 0xff && bytes[i + 1] === 0xe1).length;
}

const at = new Date(2026, 10, 29, 10, 42, 7);
const facts = {
  at,
  description: 'Run 3 · SN 0041 · Step 2 · Run step 10: Machine the bore',
  artist: 'Taylor Technician',
};

describe('photo EXIF', () => {
  it('writes the capture facts into a JPEG without touching its picture', async () => {
    const photo = jpeg(JFIF, QUANT);
    const stamped = await stampCapture(photo, facts);
    const exif = (await readExif(stamped))!;
    expect(readExifText(exif['0th']![ImageIFD.ImageDescription])).toBe(facts.description);
    expect(readExifText(exif['0th']![ImageIFD.Artist])).toBe('Taylor Technician');
    expect(exif.Exif![ExifIFD.DateTimeOriginal]).toBe('2026:11:29 10:42:07');
    expect(exif.Exif![ExifIFD.OffsetTimeOriginal]).toBe(exifOffset(at));
    const bytes = await bytesOf(stamped);
    // JFIF stays first; the EXIF follows it; everything after is the original, byte for byte.
    expect(bytes.slice(0, 2 + JFIF.length)).toEqual([0xff, 0xd8, ...JFIF]);
    expect(bytes.slice(2 + JFIF.length, 4 + JFIF.length)).toEqual([0xff, 0xe1]);
    expect(bytes.slice(-(QUANT.length + PICTURE.length))).toEqual([...QUANT, ...PICTURE]);
    expect(stamped.type).toBe('image/jpeg');
  });

  it("keeps what the camera wrote (orientation, make) and replaces the camera's EXIF segment", async () => {
    const camera = exifSegment({
      '0th': { [ImageIFD.Make]: 'Pixel', [ImageIFD.Orientation]: 6 },
      Exif: { [ExifIFD.ExposureTime]: [1, 60] },
    });
    const stamped = await stampCapture(jpeg(camera, QUANT), { ...facts, artist: null });
    const exif = (await readExif(stamped))!;
    expect(exif['0th']![ImageIFD.Make]).toBe('Pixel');
    expect(exif['0th']![ImageIFD.Orientation]).toBe(6);
    expect(exif['0th']![ImageIFD.Artist]).toBeUndefined();
    expect(exif.Exif![ExifIFD.ExposureTime]).toEqual([1, 60]);
    expect(countExifSegments(await bytesOf(stamped))).toBe(1);
  });

  it('carries a photo’s EXIF to its re-encoded copy: facts kept, upright, its own size, no old thumbnail', async () => {
    const original = await stampCapture(
      jpeg(
        exifSegment({
          '0th': { [ImageIFD.Orientation]: 6, [ImageIFD.Make]: 'Pixel' },
          Exif: { [ExifIFD.PixelXDimension]: 4000, [ExifIFD.PixelYDimension]: 3000 },
          GPS: { [TagValues.GPSIFD.GPSLatitudeRef]: 'N' },
        }),
        QUANT,
      ),
      facts,
    );
    const copy = jpeg(JFIF, QUANT);
    const carried = (await readExif(await carryExif(original, copy, { width: 1200, height: 1600 })))!;
    expect(readExifText(carried['0th']![ImageIFD.ImageDescription])).toBe(facts.description);
    expect(readExifText(carried['0th']![ImageIFD.Artist])).toBe(facts.artist);
    expect(carried['0th']![ImageIFD.Make]).toBe('Pixel');
    expect(carried['0th']![ImageIFD.Orientation]).toBe(1);
    expect(carried.Exif![ExifIFD.DateTimeOriginal]).toBe(exifDateTime(at));
    expect(carried.Exif![ExifIFD.PixelXDimension]).toBe(1200);
    expect(carried.Exif![ExifIFD.PixelYDimension]).toBe(1600);
    expect(carried.GPS![TagValues.GPSIFD.GPSLatitudeRef]).toBe('N');
    expect(carried.thumbnail ?? null).toBeNull();
  });

  it('leaves a copy alone when the original has no EXIF, and anything that is not a JPEG', async () => {
    const copy = jpeg(JFIF, QUANT);
    expect(await carryExif(jpeg(JFIF), copy, { width: 1, height: 1 })).toBe(copy);
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect(await writeExif(png, { '0th': { [ImageIFD.Artist]: 'x' } })).toBe(png);
    expect(await readExif(png)).toBeNull();
  });

  it('writes local time and its offset from UTC as EXIF does', () => {
    const east = { ...at, getTimezoneOffset: () => -330 } as unknown as Date;
    const west = { ...at, getTimezoneOffset: () => 480 } as unknown as Date;
    expect(exifOffset(east)).toBe('+05:30');
    expect(exifOffset(west)).toBe('-08:00');
    expect(exifDateTime(at)).toBe('2026:11:29 10:42:07');
  });
});
