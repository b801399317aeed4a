import { FAILURE_WORDS } from '../lib/failures.ts';
import { formatBytes } from './formatBytes.ts';

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
  if (file.size === 0) return 'This file is empty — not attached.';
  if (file.size > maxBytes)
    return `Larger than the ${formatBytes(maxBytes)} limit (${formatBytes(file.size)}).`;
  return null;
}
