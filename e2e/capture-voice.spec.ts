import type { Page, TestInfo } from '@playwright/test';
import { APP_ORIGIN, expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { writeQrVideo } from './fake-camera.ts';
import { fakeMediaLaunchOptions, probe, stopWhenTimerShows, writeToneWav } from './media-support.ts';
import { attachmentsOf, storedBytes } from './markup-support.ts';
import { clientCredentialsToken, gql } from '../sandbox/test/harness.ts';

// Chromium's fake microphone plays a 440 Hz tone; the fake camera is there for the screens of Video mode.
const video = writeQrVideo(`${APP_ORIGIN}/run-steps/1`);
const tone = writeToneWav();
test.use({ launchOptions: fakeMediaLaunchOptions(video, tone), permissions: ['camera', 'microphone'] });

async function fieldIdOf(runStepId: number, name: string): Promise<number> {
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(
    SANDBOX_URL,
    token,
    `query ($id: ID!) { runStep(id: $id) { fields { id name } } }`,
    {
      id: String(runStepId),
    },
  );
  const field = (result.data?.runStep.fields as { id: number; name: string }[] | undefined)?.find(
    (candidate) => candidate.name === name,
  );
  if (!field) throw new Error(`run step ${runStepId} has no field ${name}: ${JSON.stringify(result)}`);
  return Number(field.id);
}

const notes = async (kind: 'run' | 'runStepField', id: number) =>
  (await attachmentsOf(kind, id)).filter((attachment) => /-voice-/.test(attachment.filename));

/**
 * Watches the level meter until it shows sound: the fake microphone's tone reaches the page. Silence
 * reads exactly 0; at load 17 on 2 cores the tone arrives with gaps and reads as low as 4%, so any
 * level above silence is heard.
 */
async function expectHeard(page: Page) {
  await expect
    .poll(() =>
      page.getByTestId('level-meter-bar').evaluate((bar) => parseFloat((bar as HTMLElement).style.width)),
    )
    .toBeGreaterThan(0);
}

/** A recording timer's text once it has counted at least a second (a busy page may skip 0:01). */
const countedASecond = (limit: string) => new RegExp(`^(0:0[1-9]|0:[1-5]\\d|[1-9]\\d*:\\d\\d) / ${limit}$`);

test.describe('voice notes', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a 3 s voice note on a run: one press to start, one to stop; attached once, sound only', async ({
    page,
  }) => {
    await signIn(page, '/runs/1');
    await page.getByRole('button', { name: 'Record voice note' }).click();
    await expectHeard(page);
    await stopWhenTimerShows(page, '0:03 / 2:00', 'Stop the voice note');
    await expect(page.getByRole('listitem', { name: /-voice-.*\.(weba|m4a|ogg): Attached$/ })).toHaveCount(
      1,
      {
        timeout: 30_000,
      },
    );
    const attached = await notes('run', 1);
    expect(attached).toHaveLength(1);
    const [note] = attached;
    const extension = note!.filename.split('.').pop()!;
    // Named for what it is: stored as audio, never as video/webm.
    expect(note!.contentType).toMatch(/^audio\//);
    const probed = probe(await storedBytes(note!), extension);
    expect(probed.streams.map((stream) => stream.codec_type)).toEqual(['audio']);
    expect(probed.duration).toBeGreaterThanOrEqual(2);
    expect(probed.duration).toBeLessThanOrEqual(5);
  });

  test("an evidence slot's voice note fills the slot", async ({ page }) => {
    // The camera journey may have filled this slot with a photo already: the note is counted on its own.
    const fieldId = await fieldIdOf(4, 'Bore B close-up');
    const before = (await notes('runStepField', fieldId)).length;
    await signIn(page, '/run-steps/4');
    const slot = page.getByRole('region', { name: 'Bore B close-up' });
    await slot.getByRole('button', { name: 'Record a voice note for Bore B close-up' }).click();
    await expect(slot.getByTestId('recording-timer')).toHaveText(countedASecond('2:00'), { timeout: 20_000 });
    await slot.getByRole('button', { name: 'Stop the voice note' }).click();
    await expect(slot).toHaveAttribute('data-state', 'attached', { timeout: 30_000 });
    await expect.poll(async () => (await notes('runStepField', fieldId)).length).toBe(before + 1);
    const [note] = (await notes('runStepField', fieldId)).slice(-1);
    expect(note!.filename).toMatch(new RegExp(`^SN0041-step4-field-${fieldId}-voice-`));
  });

  const SIZES = [
    { name: 'portrait', width: 768, height: 1024 },
    { name: 'landscape', width: 1024, height: 768 },
  ] as const;
  // A scheme changes colours, never the layout: each state is shot in light, then dark.
  async function shootBoth(page: Page, testInfo: TestInfo, name: string) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${scheme}.png`) });
    }
  }
  for (const size of SIZES) {
    test(`screens: the camera in Video mode and the voice-note control, ${size.name}, light and dark`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, '/run-steps/3');
      await page.getByRole('button', { name: 'Record voice note' }).click();
      await expectHeard(page);
      await shootBoth(page, testInfo, `voice-${size.name}`);
      await page.getByRole('button', { name: 'Stop the voice note' }).click();
      await page.getByRole('button', { name: 'Take photo' }).click();
      const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 3' });
      await camera.getByText('Video', { exact: true }).click();
      // Video mode says how clips are attached, and nothing about photos.
      await expect(
        camera.getByText('Each clip is attached as soon as it is stopped, like a photo.'),
      ).toBeVisible();
      await expect(camera.getByText('Each photo is attached as soon as it is taken.')).toHaveCount(0);
      await camera.getByRole('button', { name: 'Start recording' }).click();
      await expect(camera.getByTestId('recording-timer')).toHaveText(countedASecond('1:00'), {
        timeout: 20_000,
      });
      await shootBoth(page, testInfo, `video-${size.name}`);
      await camera.getByRole('button', { name: 'Stop recording' }).click();
      await expect(page.getByRole('listitem', { name: /-clip-.*: Attached$/ }).first()).toBeVisible({
        timeout: 30_000,
      });
    });
  }
});
