import { defineMessage, type IntlShape, type MessageDescriptor } from 'react-intl';
import { appIntl } from '../i18n/index.ts';
import { formatBytes } from './formatBytes.ts';
import { allows } from './uploadQueue.ts';
import type { UploadEntry, UploadWait } from './types.ts';

/**
 * The short status of one file, by what it is doing or waiting for: one word or sentence each, a
 * translator sees them together. describeUpload.test.ts checks every state and every wait.
 */
const STATUS: MessageDescriptor = defineMessage({
  defaultMessage:
    '{status, select, queued {Waiting} ticket {Preparing} uploading {Uploading} registering {Attaching} attached {Attached} failed {Failed} cancelled {Cancelled} network {Offline: waiting for the network} server {Cannot reach the server: waiting to send} answer {Waiting for the server to answer} signIn {Waiting for you to sign in again} retry {Connection problem: trying again soon} lightening {Making the photo lighter} markup {Held while it is marked up} other {}}',
  id: 'A0hcSv',
  description:
    "An upload's status: queued is not started yet, ticket is getting its storage address, registering is the server attaching the uploaded file, cancelled is stopped by the technician, markup is waiting for its mark-up, server is online but the server does not answer, answer is a request the server has not answered yet",
});

/** A wait's name as a select key (keys cannot hold a hyphen). */
const WAIT_KEY: Record<UploadWait, string> = {
  network: 'network',
  server: 'server',
  answer: 'answer',
  'sign-in': 'signIn',
  retry: 'retry',
  lightening: 'lightening',
};

/** The short status a technician reads for one file. */
export function statusText(entry: UploadEntry, intl: IntlShape = appIntl()): string {
  const status = entry.markup ? 'markup' : entry.waiting ? WAIT_KEY[entry.waiting] : entry.state;
  return intl.formatMessage(STATUS, { status });
}

/** "1.2 MB/s, 14 s left", or '' when nothing is being sent. */
export function speedText(entry: UploadEntry, intl: IntlShape = appIntl()): string {
  if (entry.state !== 'uploading' || entry.bytesPerSecond <= 0) return '';
  const secondsLeft = Math.ceil((entry.size - entry.sentBytes) / entry.bytesPerSecond);
  return intl.formatMessage(
    {
      defaultMessage: '{speed}/s, {duration} left',
      id: 'lKXtbu',
      description: 'An upload\'s speed and the time left, e.g. "1.2 MB/s, 14 s left"',
    },
    { speed: formatBytes(entry.bytesPerSecond, intl), duration: formatDuration(secondsLeft, intl) },
  );
}

/** "42 s", "2 min 5 s", "3 h 1 min". */
export function formatDuration(seconds: number, intl: IntlShape = appIntl()): string {
  if (seconds < 60) {
    return intl.formatMessage(
      { defaultMessage: '{seconds} s', id: '7aa33L', description: 'A duration, abbreviated' },
      { seconds },
    );
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return intl.formatMessage(
      { defaultMessage: '{minutes} min {seconds} s', id: 'uxm5p5', description: 'A duration, abbreviated' },
      { minutes, seconds: seconds % 60 },
    );
  }
  return intl.formatMessage(
    { defaultMessage: '{hours} h {minutes} min', id: 'XKHj5c', description: 'A duration, abbreviated' },
    { hours: Math.floor(minutes / 60), minutes: minutes % 60 },
  );
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
