import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { attachFile, entityIdOf, technicianToken } from './records-support.ts';
import { expectOfflineShell, waitForOfflineReady } from './pwa-support.ts';
import { pinSettled } from './offline-support.ts';

// Issue 37, item 4: clips and sounds play in the preview from a fresh signed URL, seek, and say their
// length even when the file itself does not (a WebM written as a stream, as MediaRecorder writes it).

/** ffmpeg's output written as a stream (a pipe): no duration and no cues in the WebM, like a recorder's. */
function streamed(args: string[]): Uint8Array<ArrayBuffer> {
  const bytes = execFileSync('ffmpeg', ['-loglevel', 'error', ...args, '-f', 'webm', 'pipe:1'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return new Uint8Array(bytes);
}

const CLIP = streamed([
  ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15:duration=3'],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
  ...['-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus'],
]);
const NOTE = streamed(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', 'libopus']);
const NAMES = {
  clip: `leak-${Date.now().toString(36)}.webm`,
  note: `whine-${Date.now().toString(36)}.weba`,
  broken: `gallery-${Date.now().toString(36)}.mov`,
};

test.beforeAll(async () => {
  const token = await technicianToken();
  const entity = await entityIdOf(token, 'part', 4);
  await attachFile(token, entity, NAMES.clip, CLIP);
  await attachFile(token, entity, NAMES.note, NOTE);
  // Bytes no player decodes, named as a gallery's clip.
  await attachFile(token, entity, NAMES.broken, randomBytes(4096));
});

/** Until the player has data for the current position (HAVE_CURRENT_DATA or more). */
async function expectPlayable(media: Locator) {
  await expect
    .poll(() => media.evaluate((element: HTMLMediaElement) => element.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
}

test('a clip and a voice note play in the preview, say their length and seek; a file the tablet cannot play says so', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, '/parts/4');

  // The clip's row shows a frame of the clip, not a generic icon.
  const row = page.getByTestId('attachment-row').filter({ hasText: NAMES.clip });
  await expectPlayable(row.getByTestId('attachment-poster'));

  await page.getByRole('button', { name: `Preview ${NAMES.clip}` }).click();
  const preview = page.getByRole('dialog', { name: `Preview: ${NAMES.clip}` });
  const clip = preview.getByLabel(`Clip ${NAMES.clip}`);
  await expectPlayable(clip);
  // The file says nothing of its length: the preview finds it, and goes back to the start.
  await expect(preview.getByTestId('media-length')).toHaveText('Length 0:03');
  expect(await clip.evaluate((video: HTMLVideoElement) => video.currentTime)).toBe(0);
  expect(await clip.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(320);
  // Seeking works: storage answers Range, and the player lands where it was sent.
  await clip.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        video.addEventListener('seeked', () => resolve(), { once: true });
        video.currentTime = 2;
      }),
  );
  expect(await clip.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeCloseTo(2, 0);
  await expectPlayable(clip);
  // For the eye: the player in the preview at tablet size, light and dark.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: testInfo.outputPath(`clip-preview-${scheme}.png`) });
  }
  await preview.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: `Preview ${NAMES.note}` }).click();
  const notePreview = page.getByRole('dialog', { name: `Preview: ${NAMES.note}` });
  const note = notePreview.getByLabel(`Sound ${NAMES.note}`);
  await expectPlayable(note);
  await expect(notePreview.getByTestId('media-length')).toHaveText('Length 0:03');
  // Played for a moment: it really plays, not only loads.
  await note.evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    await audio.play();
  });
  await expect.poll(() => note.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0);
  await notePreview.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('button', { name: `Preview ${NAMES.broken}` }).click();
  const brokenPreview = page.getByRole('dialog', { name: `Preview: ${NAMES.broken}` });
  await expect(brokenPreview.getByTestId('media-cannot-play')).toContainText(
    'This tablet cannot play this file',
  );
  await expect(brokenPreview.getByRole('button', { name: `Download ${NAMES.broken}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('cannot-play.png') });
  await brokenPreview.getByRole('button', { name: 'Close', exact: true }).click();
  await page.setViewportSize({ width: 1024, height: 768 });
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('poster-row.png') });
});

test.describe('offline', () => {
  // The worker serves the app offline, as in the offline shift journeys.
  test.use({ serviceWorkers: 'allow' });

  test('a pinned record keeps a frame of its clip: shown offline in the row and the preview, said to be one', async ({
    page,
    context,
  }) => {
    await signIn(page, '/parts/4');
    await waitForOfflineReady(page);
    await page.getByRole('button', { name: 'Pin for offline' }).click();
    await pinSettled(page.getByTestId('pin-status'));
    await expect(page.getByTestId('pin-status')).toHaveText(/^Pinned for offline/);

    await context.setOffline(true);
    await page.reload();
    await expectOfflineShell(page);
    const row = page.getByTestId('attachment-row').filter({ hasText: NAMES.clip });
    await expect(row.getByTestId('kept-thumbnail')).toContainText('Kept copy');
    await row.getByRole('button', { name: `Preview ${NAMES.clip}` }).click();
    const preview = page.getByRole('dialog', { name: `Preview: ${NAMES.clip}` });
    await expect(preview.getByTestId('kept-preview')).toContainText('this is one frame of the clip');
    const frame = preview.getByRole('img', { name: `A frame of ${NAMES.clip}, kept copy` });
    await expect.poll(() => frame.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  });
});
