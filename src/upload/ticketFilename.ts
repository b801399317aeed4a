const maxFilenameLength = 255;

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
  // The API limits filenames to 255 characters; only the ticket sees this name, so shorten it.
  return `${filename.slice(0, maxFilenameLength - extension.length - 1)}.${extension}`;
}
