import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { fakeCameraLaunchOptions } from './fake-camera.ts';

/**
 * A WAV of a steady 440 Hz tone for Chromium's fake microphone (`--use-file-for-fake-audio-capture`,
 * looped), made with ffmpeg once, synchronously, before the browser starts.
 */
export function writeToneWav(seconds = 10): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fake-mic-')), 'tone.wav');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-ac',
    '1',
    '-ar',
    '48000',
    '-y',
    file,
  ]);
  return file;
}

/** The journeys' browser with a fake rear camera showing `videoFile` and a fake microphone playing `wavFile`. */
export function fakeMediaLaunchOptions(videoFile: string, wavFile: string) {
  const camera = fakeCameraLaunchOptions(videoFile);
  return { ...camera, args: [...camera.args, `--use-file-for-fake-audio-capture=${wavFile}`] };
}

export interface Probed {
  streams: { codec_type: 'video' | 'audio' | string; codec_name: string }[];
  /** Seconds, as ffprobe reads the container (NaN when it has no duration). */
  duration: number;
}

/** What ffprobe finds in `bytes` (a file downloaded from storage). */
export function probe(bytes: Buffer, extension: string): Probed {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'probe-')), `media.${extension}`);
  writeFileSync(file, bytes);
  const json = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], {
      encoding: 'utf8',
    }),
  ) as { streams: Probed['streams']; format: { duration?: string } };
  return { streams: json.streams, duration: Number(json.format.duration ?? NaN) };
}

/**
 * Waits, in the page, until the recording timer has counted at least `seconds` ("0:03 / 1:00" and on).
 * Watched with a MutationObserver: a poll from the test side can miss a second the timer shows briefly
 * on a loaded machine.
 */
export async function timerReaches(page: Page, seconds: number): Promise<void> {
  await page.evaluate(
    (seconds) =>
      new Promise<void>((resolve) => {
        const reached = () => {
          const text = document.querySelector('[data-testid="recording-timer"]')?.textContent ?? '';
          const shown = /^(\d+):(\d\d) \//.exec(text);
          return !!shown && Number(shown[1]) * 60 + Number(shown[2]) >= seconds;
        };
        if (reached()) return resolve();
        const watch = new MutationObserver(() => {
          if (!reached()) return;
          watch.disconnect();
          resolve();
        });
        watch.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    seconds,
  );
}

/**
 * Presses `stopLabel` in the page the moment the recording timer shows `timer` ("0:04 / 1:00"): the
 * recorded length is then the timer's, however slowly a loaded machine would let a test click.
 */
export async function stopWhenTimerShows(page: Page, timer: string, stopLabel: string): Promise<void> {
  await page.evaluate(
    ({ timer, stopLabel }) =>
      new Promise<void>((resolve) => {
        const pressed = () => {
          if (document.querySelector('[data-testid="recording-timer"]')?.textContent !== timer) return false;
          document.querySelector<HTMLButtonElement>(`button[aria-label="${stopLabel}"]`)?.click();
          resolve();
          return true;
        };
        if (pressed()) return;
        const watch = new MutationObserver(() => pressed() && watch.disconnect());
        watch.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    { timer, stopLabel },
  );
}
