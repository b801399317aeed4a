import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encode } from 'uqr';
import type { Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';

/**
 * A Y4M video for Chromium's fake camera (`--use-file-for-fake-video-capture`) whose every frame shows
 * a QR code of `text`, black on white, centred. Written once, synchronously, before the browser starts.
 */
export function writeQrVideo(text: string, { width = 640, height = 480, frames = 5 } = {}): string {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const scale = Math.floor(Math.min(width, height) / data.length);
  const left = Math.floor((width - data.length * scale) / 2);
  const top = Math.floor((height - data.length * scale) / 2);
  // Studio-range luma (16 black, 235 white), neutral chroma: a grey-scale picture.
  const luma = Buffer.alloc(width * height, 235);
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1) {
        luma.fill(
          16,
          (top + y * scale + dy) * width + left + x * scale,
          (top + y * scale + dy) * width + left + (x + 1) * scale,
        );
      }
    }),
  );
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(
    os.tmpdir(),
    `fake-camera-${process.pid}-${Buffer.from(text).toString('hex').slice(-16)}.y4m`,
  );
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
}

/** The browser launch options of the journeys, plus a fake rear camera showing `videoFile`, allowed. */
export function fakeCameraLaunchOptions(videoFile: string) {
  const base = playwrightConfig.use?.launchOptions ?? {};
  return {
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  };
}

/**
 * Holds the camera's stills until the returned function lets them go (set up before the page loads):
 * each press's shot stays pending meanwhile, as on a tablet whose camera is slow to hand its still.
 */
export async function holdStills(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    const w = window as { releaseStills?: () => void };
    const held: (() => void)[] = [];
    let holding = true;
    w.releaseStills = () => {
      holding = false;
      held.splice(0).forEach((release) => release());
    };
    const capture = (globalThis as { ImageCapture?: { prototype: { takePhoto(): Promise<Blob> } } })
      .ImageCapture;
    if (!capture) return;
    const takePhoto = capture.prototype.takePhoto;
    capture.prototype.takePhoto = async function (this: unknown) {
      if (holding) await new Promise<void>((release) => held.push(release));
      return takePhoto.call(this);
    };
  });
  return () => page.evaluate(() => (window as { releaseStills?: () => void }).releaseStills?.());
}
