import { appIntl } from '../i18n/index.ts';
import { FAILURE_WORDS } from '../failures/failures.ts';
import { formatBytes } from './formatBytes.ts';
import { withinFilenameLimit } from './ticketFilename.ts';
import type { UploadEntry, UploadTarget } from './types.ts';
import type { Person } from '../lib/person.ts';

/** What decides whether a signed-in person's file may join the queue, read at the moment it is added. */
export interface Admission {
  maxBytes: number;
  /** The server refused this person an attach before (attachRefusals). */
  refused: boolean;
}

/**
 * Why a file is not queued, or null when it may be. Every way in (drop, choose, camera, paste, share,
 * mark-up) goes through queue.add, so these are the only gates; what is refused is said, never dropped.
 */
export function refusalOf(file: File, { maxBytes, refused }: Admission): string | null {
  if (refused) return FAILURE_WORDS.permission;
  // An empty file is no evidence: attached, it would count for a required slot and show nothing.
  if (file.size === 0)
    return appIntl().formatMessage({ defaultMessage: 'This file is empty — not attached.', id: 'UfhITo' });
  if (file.size > maxBytes) {
    return appIntl().formatMessage(
      {
        defaultMessage: 'Larger than the {limit} limit ({size}).',
        id: 'wwzK7Z',
        description: 'limit and size: e.g. "2.0 GB"',
      },
      { limit: formatBytes(maxBytes), size: formatBytes(file.size) },
    );
  }
  return null;
}

/** Why nobody's file may join the queue while no one is signed in. */
export function signInFirst(): string {
  return appIntl().formatMessage({ defaultMessage: 'Sign in to attach files.', id: 'ZwVuxo' });
}

/** A file admitted for `target`: waiting for its turn, under a name the storage takes. */
export function queuedEntry(
  file: File,
  target: UploadTarget,
  person: Person,
  id: string,
  createdAt: number,
): UploadEntry {
  const filename = withinFilenameLimit(file.name);
  return {
    id,
    file,
    filename,
    ...(filename !== file.name && { shortenedFrom: file.name }),
    size: file.size,
    type: file.type,
    target,
    person,
    state: 'queued',
    sentBytes: 0,
    bytesPerSecond: 0,
    createdAt,
  };
}
