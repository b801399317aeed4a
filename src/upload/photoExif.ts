// piexif-ts reads and writes EXIF as bytes, so facts go into an existing JPEG without decoding or
// re-encoding its picture: the photo keeps every pixel, and a re-encoded copy (lighter, marked up)
// gets the original's facts back.
import { dump, load, TagValues, type IExif } from 'piexif-ts';

const { ImageIFD, ExifIFD } = TagValues;

/** What an in-app photo says about itself inside the file. */
export interface CaptureExif {
  /** When the shutter was pressed: DateTimeOriginal in local time, with its offset from UTC. */
  at: Date;
  /** ImageDescription: the run, serial and step (or the record) the photo shows. */
  description: string;
  /** Artist: the signed-in person's name, when known. */
  artist: string | null;
}

/** Where a JPEG's header segments lie (everything before its picture data), and its EXIF among them. */
interface JpegHead {
  /** Byte ranges of APP1 segments holding EXIF. */
  exif: { start: number; end: number }[];
  /** Where a new APP1 goes: after the JFIF APP0 when the file starts with one, else after SOI. */
  insertAt: number;
}

/** The header is read at most this far: EXIF lives in the first 64 KB segment or two. */
const HEAD_BYTES = 256 * 1024;
const EXIF_ID = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

async function headOf(jpeg: Blob): Promise<{ bytes: Uint8Array; head: JpegHead } | null> {
  const bytes = new Uint8Array(await jpeg.slice(0, HEAD_BYTES).arrayBuffer());
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const head: JpegHead = { exif: [], insertAt: 2 };
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Start of scan or end of image: the picture begins, no header segment follows.
    if (marker === 0xda || marker === 0xd9) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const end = at + 2 + length;
    if (marker === 0xe0 && at === 2) head.insertAt = end;
    if (marker === 0xe1 && EXIF_ID.every((byte, i) => bytes[at + 4 + i] === byte)) {
      head.exif.push({ start: at, end });
    }
    at = end;
  }
  return { bytes, head };
}

/** Bytes as the "binary string" piexif reads and writes (one char per byte). */
function toBinary(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return text;
}

function fromBinary(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** A text as EXIF writes it: UTF-8 bytes (what exiftool and the galleries read), NUL removed. */
function exifText(text: string): string {
  return toBinary(new TextEncoder().encode(text.replace(/\0/g, '')));
}

/** A text EXIF holds, read as UTF-8 (the journeys and tests read what was written). */
export function readExifText(value: unknown): string | null {
  return typeof value === 'string' ? new TextDecoder().decode(fromBinary(value)).replace(/\0+$/, '') : null;
}

/** The JPEG's EXIF, or null when it has none (or none that can be read). */
export async function readExif(jpeg: Blob): Promise<IExif | null> {
  const found = await headOf(jpeg);
  const segment = found?.head.exif[0];
  if (!found || !segment) return null;
  try {
    // load takes the segment's content: "Exif\0\0" and the TIFF structure after it.
    return load(toBinary(found.bytes.subarray(segment.start + 4, segment.end)));
  } catch {
    return null;
  }
}

/** The largest APP1 content a JPEG segment can hold. */
const MAX_SEGMENT = 0xffff - 2;

/** The EXIF as dumped bytes, dropping what may be dropped (maker notes, thumbnail) until it fits. */
function dumped(exif: IExif): string | null {
  const tries: IExif[] = [
    exif,
    { '0th': exif['0th'], Exif: withoutMakerNote(exif.Exif), GPS: exif.GPS },
    { '0th': exif['0th'], Exif: withoutMakerNote(exif.Exif) },
  ];
  for (const attempt of tries) {
    try {
      const bytes = dump(attempt);
      if (bytes.length <= MAX_SEGMENT) return bytes;
    } catch {
      // A tag piexif cannot write: try with less.
    }
  }
  return null;
}

function withoutMakerNote(exif: IExif['Exif']): IExif['Exif'] {
  if (!exif) return exif;
  const { [ExifIFD.MakerNote]: _makerNote, ...rest } = exif;
  return rest;
}

/**
 * The same JPEG with `exif` as its only EXIF: the header's old EXIF segments are left out and the new
 * one put in front; the picture's bytes are copied untouched. Unchanged when it is not a JPEG.
 */
export async function writeExif(jpeg: Blob, exif: IExif): Promise<Blob> {
  const found = await headOf(jpeg);
  const content = found ? dumped(exif) : null;
  if (!found || content === null) return jpeg;
  const length = content.length + 2;
  const segment = new Uint8Array(content.length + 4);
  segment.set([0xff, 0xe1, length >> 8, length & 0xff]);
  segment.set(fromBinary(content), 4);
  const { exif: old, insertAt } = found.head;
  const parts: BlobPart[] = [jpeg.slice(0, insertAt), segment];
  let from = insertAt;
  for (const range of old) {
    if (range.start < from) continue;
    parts.push(jpeg.slice(from, range.start));
    from = range.end;
  }
  parts.push(jpeg.slice(from));
  return new Blob(parts, { type: 'image/jpeg' });
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** `2026:11:29 10:42:07`, EXIF's local time. */
export function exifDateTime(at: Date): string {
  return `${at.getFullYear()}:${pad(at.getMonth() + 1)}:${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** `+01:00`: how far that local time is ahead of UTC, as EXIF 2.31's OffsetTime writes it. */
export function exifOffset(at: Date): string {
  const minutes = -at.getTimezoneOffset();
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The capture's facts laid over what the camera wrote (its orientation, make, exposure are kept). */
export function captureExif(facts: CaptureExif, existing: IExif | null = null): IExif {
  const when = exifDateTime(facts.at);
  const offset = exifOffset(facts.at);
  return {
    ...existing,
    '0th': {
      ...existing?.['0th'],
      [ImageIFD.ImageDescription]: exifText(facts.description),
      [ImageIFD.DateTime]: when,
      [ImageIFD.Software]: 'Floor Attach',
      ...(facts.artist ? { [ImageIFD.Artist]: exifText(facts.artist) } : {}),
    },
    Exif: {
      ...existing?.Exif,
      [ExifIFD.DateTimeOriginal]: when,
      [ExifIFD.OffsetTimeOriginal]: offset,
      [ExifIFD.DateTimeDigitized]: when,
      [ExifIFD.OffsetTimeDigitized]: offset,
      [ExifIFD.OffsetTime]: offset,
    },
  };
}

/** An in-app photo with its capture facts inside: the JPEG's bytes are not re-encoded. */
export async function stampCapture(jpeg: Blob, facts: CaptureExif): Promise<Blob> {
  return writeExif(jpeg, captureExif(facts, await readExif(jpeg)));
}

/**
 * A re-encoded copy (`to`, drawn upright at `size`) with the EXIF of the photo it was made from: the
 * facts kept, the orientation set to upright (the pixels were turned when decoded), the size its own,
 * the old thumbnail (the picture before) left out. `to` unchanged when `from` has no EXIF.
 */
export async function carryExif(
  from: Blob,
  to: Blob,
  size: { width: number; height: number },
): Promise<Blob> {
  const exif = await readExif(from);
  if (!exif) return to;
  const zeroth = { ...exif['0th'], [ImageIFD.Orientation]: 1 };
  delete zeroth[ImageIFD.ImageWidth];
  delete zeroth[ImageIFD.ImageLength];
  return writeExif(to, {
    '0th': zeroth,
    Exif: {
      ...exif.Exif,
      [ExifIFD.PixelXDimension]: size.width,
      [ExifIFD.PixelYDimension]: size.height,
    },
    ...(exif.GPS ? { GPS: exif.GPS } : {}),
  });
}
