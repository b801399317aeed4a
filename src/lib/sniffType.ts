/** How many bytes from the start of a file `sniffType` looks at. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[i] === byte);

/** ISO-BMFF brands (bytes 8–11 after "ftyp") of the HEIF family. */
const HEIF_BRANDS: Record<string, string> = {
  heic: 'image/heic',
  heix: 'image/heic',
  hevc: 'image/heic-sequence',
  hevx: 'image/heic-sequence',
  heim: 'image/heic',
  heis: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif-sequence',
  avif: 'image/avif',
};

/**
 * The media type a file's first bytes say it is (JPEG, PNG, GIF, WebP, HEIC/HEIF, AVIF, PDF), or null
 * when they say none of these: for files whose name and browser type tell nothing ("IMG_0412", a
 * scanner's "scan"), so they can still be previewed and get a ticket for the right type.
 */
export function sniffType(head: Uint8Array): string | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(head, 4, 4) === 'ftyp') return HEIF_BRANDS[ascii(head, 8, 4)] ?? null;
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** sniffType of a Blob's first bytes. */
export async function sniffBlobType(blob: Blob): Promise<string | null> {
  return sniffType(new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer()));
}
