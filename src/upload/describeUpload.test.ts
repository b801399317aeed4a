import { describe, expect, it } from 'vitest';
import { formatDuration, overallProgress, percentDone, speedText, statusText } from './describeUpload.ts';
import { formatBytes } from './formatBytes.ts';
import type { UploadState, UploadWait } from './types.ts';
import { uploadEntry as entry } from '../test/uploadEntries.ts';

describe('describing uploads', () => {
  it('formats sizes and durations', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(3 * 3600 + 60)).toBe('3 h 1 min');
  });

  it('gives speed and time left only while bytes move', () => {
    expect(speedText(entry({ state: 'uploading', sentBytes: 500, bytesPerSecond: 100 }))).toBe(
      '100 B/s, 5 s left',
    );
    expect(speedText(entry({ state: 'registering', bytesPerSecond: 100 }))).toBe('');
  });

  it('says why a file waits', () => {
    expect(statusText(entry({ state: 'uploading', waiting: 'network' }))).toMatch(/offline/i);
    expect(statusText(entry({ state: 'registering', waiting: 'sign-in' }))).toMatch(/sign in/i);
    expect(statusText(entry({ state: 'failed' }))).toBe('Failed');
  });

  it('has words for every state, every wait and the mark-up hold', () => {
    const byState = {
      queued: 'Waiting',
      ticket: 'Preparing',
      uploading: 'Uploading',
      registering: 'Attaching',
      attached: 'Attached',
      failed: 'Failed',
      cancelled: 'Cancelled',
    } satisfies Record<UploadState, string>;
    for (const [state, words] of Object.entries(byState)) {
      expect(statusText(entry({ state: state as UploadState }))).toBe(words);
    }
    const byWait = {
      network: 'Offline: waiting for the network',
      server: 'Cannot reach the server: waiting to send',
      answer: 'Waiting for the server to answer',
      'sign-in': 'Waiting for you to sign in again',
      retry: 'Connection problem: trying again soon',
      lightening: 'Making the photo lighter',
    } satisfies Record<UploadWait, string>;
    for (const [waiting, words] of Object.entries(byWait)) {
      expect(statusText(entry({ state: 'uploading', waiting: waiting as UploadWait }))).toBe(words);
    }
    expect(statusText(entry({ state: 'queued', markup: { width: 4, height: 3, shapes: [] } }))).toBe(
      'Held while it is marked up',
    );
  });

  it('weighs overall progress by size and counts empty files', () => {
    const overall = overallProgress([
      entry({ state: 'attached', size: 300 }),
      entry({ state: 'uploading', size: 100, sentBytes: 50 }),
      entry({ state: 'failed', size: 0 }),
      entry({ state: 'cancelled', size: 10_000 }),
    ]);
    expect(overall).toMatchObject({ total: 3, attached: 1, failed: 1, active: 1 });
    // Sent bytes count for 90 % of a file until the server has registered it.
    expect(overall.percent).toBeCloseTo(((300 + 50 * 0.9) / 401) * 100);
    expect(percentDone(entry({ state: 'uploading', size: 0 }))).toBe(0);
  });

  it('stays clearly short of 100 % while every byte is sent but files are not registered', () => {
    const overall = overallProgress([
      entry({ state: 'attached', size: 1000 }),
      entry({ state: 'registering', size: 1000 }),
      entry({ state: 'registering', size: 1000 }),
    ]);
    expect(overall.percent).toBeLessThanOrEqual(95);
    expect(overallProgress([entry({ state: 'attached' })]).percent).toBe(100);
  });
});
