import { formatBytes } from './formatBytes.ts';
import { allows } from './uploadQueue.ts';
import type { UploadEntry, UploadState, UploadWait } from './types.ts';

const stateLabels: Record<UploadState, string> = {
  queued: 'Waiting',
  ticket: 'Preparing',
  uploading: 'Uploading',
  registering: 'Attaching',
  attached: 'Attached',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const waitLabels: Record<UploadWait, string> = {
  network: 'Offline: waiting for the network',
  'sign-in': 'Waiting for you to sign in again',
  retry: 'Connection problem: trying again soon',
  lightening: 'Making the photo lighter',
};

/** The short status a technician reads for one file. */
export function statusText(entry: UploadEntry): string {
  if (entry.markup) return 'Held while it is marked up';
  return entry.waiting ? waitLabels[entry.waiting] : stateLabels[entry.state];
}

/** "1.2 MB/s, 14 s left", or '' when nothing is being sent. */
export function speedText(entry: UploadEntry): string {
  if (entry.state !== 'uploading' || entry.bytesPerSecond <= 0) return '';
  const secondsLeft = Math.ceil((entry.size - entry.sentBytes) / entry.bytesPerSecond);
  return `${formatBytes(entry.bytesPerSecond)}/s, ${formatDuration(secondsLeft)} left`;
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Fraction done in percent: uploading counts the bytes sent, later states count as all sent. */
export function percentDone(entry: UploadEntry): number {
  if (entry.state === 'registering' || entry.state === 'attached') return 100;
  if (entry.state !== 'uploading' || entry.size === 0) return 0;
  return Math.min(100, (entry.sentBytes / entry.size) * 100);
}

/**
 * Sent bytes take the bar to 90 %; the last tenth is the server registering the file, so the bar never
 * reads ~100 % while files are still not attached.
 */
const SENT_SHARE = 0.9;

function fractionDone(entry: UploadEntry): number {
  if (entry.state === 'attached') return 1;
  return (percentDone(entry) / 100) * SENT_SHARE;
}

export interface OverallProgress {
  total: number;
  attached: number;
  failed: number;
  active: number;
  percent: number;
}

/** Totals over every file still of interest (cancelled ones are left out). */
export function overallProgress(entries: readonly UploadEntry[]): OverallProgress {
  let bytes = 0;
  let done = 0;
  const progress = { total: 0, attached: 0, failed: 0, active: 0, percent: 0 };
  for (const entry of entries) {
    if (entry.state === 'cancelled') continue;
    progress.total += 1;
    if (entry.state === 'attached') progress.attached += 1;
    else if (entry.state === 'failed') progress.failed += 1;
    else progress.active += 1;
    // An empty file still counts for something, or a batch of them would never move the bar.
    const weight = Math.max(entry.size, 1);
    bytes += weight;
    done += fractionDone(entry) * weight;
  }
  progress.percent = bytes === 0 ? 0 : (done / bytes) * 100;
  return progress;
}

/** A photo made lighter whose original this page still holds and that is not being attached yet. */
export function canSendOriginal(entry: UploadEntry): boolean {
  return entry.originalKept === true && allows(entry.state, 'send-original');
}
