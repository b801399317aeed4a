import type { Locator, Page } from '@playwright/test';
import { APP_ORIGIN, expect, overrideConfig, signIn, test } from './fixtures.ts';
import { writeQrVideo } from './fake-camera.ts';
import {
  fakeMediaLaunchOptions,
  probe,
  stopWhenTimerShows,
  timerReaches,
  writeToneWav,
} from './media-support.ts';
import { attachmentsOf, storedBytes } from './markup-support.ts';

// Chromium's fake camera (a label) and fake microphone (a 440 Hz tone), fixed for this file's browser.
const video = writeQrVideo(`${APP_ORIGIN}/run-steps/1`);
const tone = writeToneWav();
test.use({ launchOptions: fakeMediaLaunchOptions(video, tone), permissions: ['camera', 'microphone'] });

const clips = async (id: number) =>
  (await attachmentsOf('runStep', id)).filter((attachment) =>
    /-clip-.*\.(webm|mp4)$/.test(attachment.filename),
  );

/** The camera of the record `label` (the page open), in Video mode with the microphone answered. */
async function videoCamera(page: Page, label: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Take photo' }).click();
  const camera = page.getByRole('dialog', { name: `Photos for ${label}` });
  await camera.getByText('Video', { exact: true }).click();
  await expect(camera.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  return camera;
}

/** Records until the timer has counted `seconds`, as a technician watching it would. */
async function recordFor(camera: Locator, seconds: number): Promise<void> {
  await camera.getByRole('button', { name: 'Start recording' }).click();
  await timerReaches(camera.page(), seconds);
}

function expectClip(bytes: Buffer, extension: string, min: number, max: number): void {
  const probed = probe(bytes, extension);
  expect(probed.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
  expect(probed.duration).toBeGreaterThanOrEqual(min);
  expect(probed.duration).toBeLessThanOrEqual(max);
}

test.describe('video clips in the camera', () => {
  // Each records real seconds and waits for the clip to reach the server, on a machine that may be loaded.
  test.describe.configure({ timeout: 180_000 });
  test('a 4 s clip on a run step is attached once, with picture, sound and its length', async ({ page }) => {
    expect(await clips(2)).toHaveLength(0);
    await signIn(page, '/run-steps/2');
    const camera = await videoCamera(page, 'Run 1 · SN 0041 · Step 2');
    await camera.getByRole('button', { name: 'Start recording' }).click();
    await stopWhenTimerShows(page, '0:04 / 1:00', 'Stop recording');
    // Shown in the list at the press, then as the file it becomes.
    await expect(page.getByRole('listitem', { name: /-clip-.*: Attached$/ })).toHaveCount(1, {
      timeout: 30_000,
    });
    await camera.getByRole('button', { name: /^(Close|Done)$/ }).click();
    const attached = await clips(2);
    expect(attached).toHaveLength(1);
    const [clip] = attached;
    const extension = clip!.filename.split('.').pop()!;
    expect(clip!.contentType).toBe(`video/${extension}`);
    expectClip(await storedBytes(clip!), extension, 3, 6);
  });

  test('a clip recorded offline is attached once when the network is back', async ({ page, context }) => {
    await signIn(page, '/run-steps/3');
    const camera = await videoCamera(page, 'Run 1 · SN 0041 · Step 3');
    await context.setOffline(true);
    await recordFor(camera, 2);
    await camera.getByRole('button', { name: 'Stop recording' }).click();
    const row = page.getByRole('listitem', { name: /-clip-/ });
    await expect(row).toHaveCount(1);
    await expect(row).not.toHaveAccessibleName(/Attached$/);
    await context.setOffline(false);
    await expect(page.getByRole('listitem', { name: /-clip-.*: Attached$/ })).toHaveCount(1, {
      timeout: 30_000,
    });
    expect(await clips(3)).toHaveLength(1);
  });

  test('a reload mid-recording: the recorded part is offered back and attached once', async ({ page }) => {
    await signIn(page, '/run-steps/4');
    const camera = await videoCamera(page, 'Run 1 · SN 0041 · Step 4');
    await recordFor(camera, 3);
    await page.reload();
    const offer = page.getByRole('status').filter({ hasText: /^The clip .*-clip-.* was cut short/ });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Attach it to Run 1 · SN 0041 · Step 4' }).click();
    await expect(offer).toBeHidden();
    await expect(page.getByRole('listitem', { name: /-clip-.*: Attached$/ })).toHaveCount(1, {
      timeout: 30_000,
    });
    const attached = await clips(4);
    expect(attached).toHaveLength(1);
    const extension = attached[0]!.filename.split('.').pop()!;
    // The slices stored before the reload: at least the two seconds the timer had passed.
    expectClip(await storedBytes(attached[0]!), extension, 1.5, 4);
    // Offered once: the next start has nothing to offer, and nothing more is attached.
    await page.reload();
    await expect(page.getByText('Run step 4', { exact: true })).toBeVisible();
    await expect(page.getByText(/was cut short/)).toHaveCount(0);
    expect(await clips(4)).toHaveLength(1);
  });

  test('the limit stops a clip by itself, says so, and the clip is attached', async ({ page, context }) => {
    await overrideConfig(context, { maxClipSeconds: 3 });
    await signIn(page, '/run-steps/5');
    const camera = await videoCamera(page, 'Run 2 · Receiving: FTG-0210 lot 24-117 · Step 1');
    await camera.getByRole('button', { name: 'Start recording' }).click();
    await expect(
      camera.getByText('The clip stopped by itself at the 0:03 limit. It is kept and sent.'),
    ).toBeVisible({
      timeout: 20_000,
    });
    await expect(camera.getByRole('button', { name: 'Start recording' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: /-clip-.*: Attached$/ })).toHaveCount(1, {
      timeout: 30_000,
    });
    const attached = await clips(5);
    expect(attached).toHaveLength(1);
    expectClip(await storedBytes(attached[0]!), attached[0]!.filename.split('.').pop()!, 2.5, 4);
  });
});
