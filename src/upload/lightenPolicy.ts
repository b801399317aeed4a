/** How photos are made lighter: from config.json (`photoMaxEdgePx`, `photoJpegQuality`). */
export interface LightenSettings {
  /** A photo whose long edge is longer is scaled down to this many pixels. */
  maxEdgePx: number;
  /** JPEG quality of the lighter copy, 0–1. */
  jpegQuality: number;
}

const HEIF_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/**
 * What kind of photo a file is, for lightening: camera photos (JPEG) and iPhone photos (HEIC/HEIF,
 * which browsers and the service may not show); anything else (PNG screenshots, PDFs, videos) is sent
 * as it is. Browsers often give HEIC no type, so the name decides too.
 */
export function photoKind(filename: string, type: string): 'jpeg' | 'heif' | null {
  const mime = type.split(';')[0]!.trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (
    HEIF_TYPES.has(mime) ||
    ((mime === '' || mime === 'application/octet-stream') && /^hei[cf]$/.test(extension))
  ) {
    return 'heif';
  }
  if (mime === 'image/jpeg' || (mime === '' && /^(jpe?g|jfif)$/.test(extension))) return 'jpeg';
  return null;
}

/** The name of the JPEG made from `filename`: the service derives the content type from it. */
export function jpegFilename(filename: string): string {
  const base = filename.replace(/\.(hei[cf]|jpe?g|jfif)$/i, '');
  return `${base === '' ? 'photo' : base}.jpg`;
}

/** The size to draw at: the long edge brought down to `maxEdgePx`, never enlarged. */
export function scaledSize(
  width: number,
  height: number,
  maxEdgePx: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxEdgePx / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
