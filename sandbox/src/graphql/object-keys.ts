import { randomUUID } from 'node:crypto';
import mime from 'mime';

export const MAX_FILENAME_LENGTH = 255;
const MAX_KEY_NAME_LENGTH = 120;

/** The media type the storage PUT must carry, from the extension (unknown: application/octet-stream). */
export function contentTypeFor(filename: string): string {
  return mime.getType(baseName(filename)) ?? 'application/octet-stream';
}

function baseName(filename: string): string {
  return filename.split(/[/\\]/).pop() ?? '';
}

/**
 * A storage-safe name derived from the last path segment of what the client sent: no separators,
 * no "..", only [A-Za-z0-9._-], never empty, extension kept when shortened.
 */
export function safeObjectName(filename: string): string {
  let name = baseName(filename)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._]+/, '');
  if (name.length > MAX_KEY_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, MAX_KEY_NAME_LENGTH - ext.length) + ext;
  }
  return name || 'file';
}

/** `attachments/<uuid>/<safe name>`: unique per ticket, readable in a bucket listing. */
export function newObjectKey(filename: string): string {
  return `attachments/${randomUUID()}/${safeObjectName(filename)}`;
}
