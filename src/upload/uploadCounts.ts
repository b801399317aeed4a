import { isFinished, type UploadEntry } from './types.ts';

/** Files whose bytes or registration are on the wire now: a reload would cut them off. */
export function countMoving(entries: readonly UploadEntry[]): number {
  return entries.filter(
    (entry) => entry.state === 'ticket' || entry.state === 'uploading' || entry.state === 'registering',
  ).length;
}

/** Files not attached yet and not given up: what a sign-out or a dead network leaves behind. */
export function countUnfinished(entries: readonly UploadEntry[]): number {
  return entries.filter((entry) => !isFinished(entry.state)).length;
}

/** Files the device could not store and not attached yet: held only in this page, a reload loses them. */
export function countOnlyInPage(entries: readonly UploadEntry[]): number {
  return entries.filter((entry) => entry.notKept && entry.state !== 'attached' && entry.state !== 'cancelled')
    .length;
}
