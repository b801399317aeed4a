import { isGenericContentType } from '../../upload/ticketFilename.ts';

/** The families of file the list tells apart by icon, and which of them open in the in-app preview. */
export type AttachmentType = 'image' | 'pdf' | 'video' | 'audio' | 'sheet' | 'archive' | 'text' | 'other';

const BY_EXTENSION: Record<string, AttachmentType> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  svg: 'image',
  pdf: 'pdf',
  csv: 'sheet',
  xls: 'sheet',
  xlsx: 'sheet',
  ods: 'sheet',
  zip: 'archive',
  gz: 'archive',
  tgz: 'archive',
  '7z': 'archive',
  txt: 'text',
  log: 'text',
  json: 'text',
  xml: 'text',
  md: 'text',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  aac: 'audio',
  weba: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
};

/** The content type decides; a generic or missing one falls back to the filename's extension. */
export function attachmentType(
  contentType: string | null | undefined,
  filename: string | null | undefined,
): AttachmentType {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'text/csv' || type.includes('spreadsheet') || type.includes('excel')) return 'sheet';
  if (type.includes('zip') || type.includes('compressed') || type === 'application/x-tar') return 'archive';
  if (type.startsWith('text/') || type === 'application/json' || type === 'application/xml') return 'text';
  const extension = /\.([a-z0-9]+)$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || 'other';
}

/**
 * A file that says nothing of what it is (a generic content type and no extension, e.g. "IMG_0412" sent
 * by another client): its preview reads its first bytes to find out (sniffType).
 */
export function knownOnlyByContent(
  contentType: string | null | undefined,
  filename: string | null | undefined,
): boolean {
  return isGenericContentType(contentType ?? '') && !/\.[a-z0-9]+$/i.test(filename ?? '');
}

/** What a sniffed type previews as: an image the browser draws, a PDF, or nothing. */
export function previewOfContent(sniffed: string | null): 'image' | 'pdf' | null {
  if (sniffed === 'application/pdf') return 'pdf';
  // HEIC is found by its bytes too, but no browser here draws it.
  return sniffed !== null && /^image\/(jpeg|png|gif|webp|avif)$/.test(sniffed) ? 'image' : null;
}

/**
 * SVG is left out of thumbnails and previews: an <img> would not run its scripts, but it is the one image
 * type that can carry them, and a technician gains nothing from the risk.
 */
export type PreviewType = Extract<AttachmentType, 'image' | 'pdf' | 'video' | 'audio'>;

export function canPreview(
  type: AttachmentType,
  contentType: string | null | undefined,
): type is PreviewType {
  // Video and sound are offered too: the preview plays them, or says this tablet cannot.
  if (type === 'pdf' || type === 'video' || type === 'audio') return true;
  return type === 'image' && !(contentType ?? '').toLowerCase().includes('svg');
}

/** Only http(s) addresses are ever loaded or followed; anything else (javascript:, data:) is ignored. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
