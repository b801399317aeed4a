import type { Locator, Page } from '@playwright/test';
import { APP_ORIGIN, expect, overrideConfig, signIn, test } from './fixtures.ts';
import { writeQrVideo } from './fake-camera.ts';
import { fakeMediaLaunchOptions, stopWhenTimerShows, writeToneWav } from './media-support.ts';
import {
  failTheApi,
  HANGING_API_TIMEOUT_MS,
  hangTheApi,
  restoreTheApi,
  runOneSteps,
} from './lie-fi-support.ts';
import { stepFilenames, technicianToken } from './records-support.ts';

// Recording under lie-fi (issue 37): the browser says online, the API is unreachable. A voice note or a
// clip recorded on an opened record is queued at once, says it waits for the server, and is attached
// once when the API answers again. States only: no figure of time is asserted.
const video = writeQrVideo(`${APP_ORIGIN}/run-steps/1`);
const tone = writeToneWav();
test.use({
  launchOptions: fakeMediaLaunchOptions(video, tone),
  permissions: ['camera', 'microphone'],
  viewport: { width: 768, height: 1024 },
});

const WAITING = 'Cannot reach the server: waiting to send';

/** The filename of an upload list's row (its label is "<name>: <state>"). */
async function rowFilename(row: Locator): Promise<string> {
  const label = await row.getAttribute('aria-label');
  return label!.slice(0, label!.indexOf(': '));
}

/** The record's upload list row of a `kind` capture in `state`, e.g. "…-voice-….weba: Attached". */
const captureRow = (page: Page, kind: 'voice' | 'clip', state: string) =>
  page.getByRole('listitem', { name: new RegExp(`-${kind}-[^:]*: ${state}$`) });

/**
 * Opens run 1's step at `index` online, as a technician would before walking into the dead spot; then
 * the API is cut (`cut`) and a 2 s voice note recorded there. Gives the token and the step, for the
 * checks. Each test records on a step of its own where no other journey records voice notes: a
 * capture's name is unique per page and minute only, so another page's note of the same minute on the
 * same step has the same name, and "attached once" is read by name.
 */
async function voiceNoteUnderLieFi(
  page: Page,
  cut: (page: Page) => Promise<unknown>,
  index: number,
): Promise<{ token: string; step: number }> {
  const token = await technicianToken();
  const step = (await runOneSteps(token))[index]!;
  await signIn(page, `/run-steps/${step}`);
  await expect(page.getByText(`Run step ${step}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record voice note' })).toBeVisible();
  await cut(page);
  await page.getByRole('button', { name: 'Record voice note' }).click();
  await stopWhenTimerShows(page, '0:02 / 2:00', 'Stop the voice note');
  return { token, step };
}

test.describe('lie-fi: recording while the API is unreachable', () => {
  test.describe.configure({ timeout: 240_000 });

  test('requests fail: a voice note and a clip are queued at once, wait for the server, and are attached once', async ({
    page,
  }) => {
    const { token, step } = await voiceNoteUnderLieFi(page, failTheApi, 0);
    // Queued from the press on, and worded: it waits for the server, never a silent "Preparing".
    const note = captureRow(page, 'voice', WAITING);
    await expect(note).toBeVisible({ timeout: 30_000 });
    const noteName = await rowFilename(note);

    await page.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: /^Photos for / });
    await camera.getByText('Video', { exact: true }).click();
    await camera.getByRole('button', { name: 'Start recording' }).click();
    await stopWhenTimerShows(page, '0:02 / 1:00', 'Stop recording');
    await camera.getByRole('button', { name: /^(Close|Done)$/ }).click();
    const clip = captureRow(page, 'clip', WAITING);
    await expect(clip).toBeVisible({ timeout: 30_000 });
    const clipName = await rowFilename(clip);
    await expect(page.getByTestId('network-indicator')).toHaveText('Cannot reach the server · 2 waiting');
    await page.screenshot({ path: test.info().outputPath('lie-fi-recordings-queued.png') });
    expect(await stepFilenames(token, step)).not.toContain(noteName);

    // The app checks again by itself: both go once the API answers, to the step they were recorded on.
    await restoreTheApi(page);
    await expect(page.getByRole('listitem', { name: `${noteName}: Attached` })).toBeVisible({
      timeout: 90_000,
    });
    await expect(page.getByRole('listitem', { name: `${clipName}: Attached` })).toBeVisible({
      timeout: 90_000,
    });
    await expect(page.getByTestId('network-indicator')).toHaveCount(0);
    const attached = await stepFilenames(token, step);
    expect(attached.filter((filename) => filename === noteName)).toHaveLength(1);
    expect(attached.filter((filename) => filename === clipName)).toHaveLength(1);
  });

  test('requests hang: a voice note says it waits for the server, then is attached once', async ({
    page,
    context,
  }) => {
    // A deployment's shorter time-out: the app gives up on the hanging requests sooner.
    await overrideConfig(context, { apiTimeoutMs: HANGING_API_TIMEOUT_MS });
    const { token, step } = await voiceNoteUnderLieFi(page, hangTheApi, 1);
    const note = captureRow(page, 'voice', `(Waiting for the server to answer|${WAITING})`);
    await expect(note).toBeVisible({ timeout: 30_000 });
    const noteName = await rowFilename(note);
    // Once the app gives up on the hanging request (apiTimeoutMs), it says so.
    await expect(page.getByRole('listitem', { name: `${noteName}: ${WAITING}` })).toBeVisible({
      timeout: 45_000,
    });

    expect(await stepFilenames(token, step)).not.toContain(noteName);

    await restoreTheApi(page);
    await expect(page.getByRole('listitem', { name: `${noteName}: Attached` })).toBeVisible({
      timeout: 90_000,
    });
    expect((await stepFilenames(token, step)).filter((filename) => filename === noteName)).toHaveLength(1);
  });
});
