/** The longest filename the API takes (in UTF-16 code units, as the service counts). */
export const MAX_FILENAME_LENGTH = 255;

/** An extension longer than this is part of the name, not a type ("report.final-version-for-audit"). */
const maxExtensionLength = 16;

/** Types storage derives when a filename's extension says nothing about the content. */
const genericTypes = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** Extensions for the types a shop-floor browser typically reports (camera, scanners, office files). */
const extensionByType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/tiff': 'tiff',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'application/zip': 'zip',
  'application/xml': 'xml',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/xml': 'xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/msword': 'doc',
};

export function isGenericContentType(contentType: string): boolean {
  return genericTypes.has(contentType.split(';')[0]!.trim().toLowerCase());
}

/**
 * The filename to ask for a second ticket with, when the first ticket's type is generic but the
 * browser knows the file's type (a camera photo named "image"); null when asking again cannot help.
 * Only the ticket uses this name: the attachment keeps the name the technician sees.
 */
export function moreSpecificFilename(
  filename: string,
  ticketContentType: string,
  fileType: string,
): string | null {
  if (!isGenericContentType(ticketContentType) || isGenericContentType(fileType)) return null;
  const extension = extensionByType[fileType.split(';')[0]!.trim().toLowerCase()];
  if (!extension || filename.toLowerCase().endsWith(`.${extension}`)) return null;
  // Only the ticket sees this name, so it is simply cut to fit.
  return `${cut(filename, MAX_FILENAME_LENGTH - extension.length - 1)}.${extension}`;
}

/**
 * The name as it can be attached: a name longer than the API takes is shortened on the tablet, before
 * any ticket, keeping its extension (so its type) and marking the cut with "…".
 */
export function withinFilenameLimit(filename: string): string {
  if (filename.length <= MAX_FILENAME_LENGTH) return filename;
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 && filename.length - dot - 1 <= maxExtensionLength ? filename.slice(dot) : '';
  const stem = filename.slice(0, filename.length - extension.length);
  return `${cut(stem, MAX_FILENAME_LENGTH - extension.length - 1)}…${extension}`;
}

/** The first `length` code units, one fewer when the last would split a character in two. */
function cut(text: string, length: number): string {
  const head = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}
