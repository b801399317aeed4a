import type { Page } from '@playwright/test';
import {
  APP_ORIGIN,
  expect,
  isSignedStorageUrl,
  SANDBOX_URL,
  signInThroughForm,
  submitLogin,
  TECHNICIAN,
  test,
  VIEWER,
} from './fixtures.ts';
import { writeQrVideo } from './fake-camera.ts';
import { fakeMediaLaunchOptions, timerReaches, writeToneWav } from './media-support.ts';
import { openSignOut } from './shared-tablet-support.ts';
import { storedUploadNames } from './offline-support.ts';
import { clientCredentialsToken, gql } from '../sandbox/test/harness.ts';

// Chromium's fake camera and microphone, fixed for this file's browser.
test.use({
  launchOptions: fakeMediaLaunchOptions(writeQrVideo(`${APP_ORIGIN}/run-steps/1`), writeToneWav(30)),
  permissions: ['camera', 'microphone'],
});
// Two or three people sign in, and a recording runs real seconds, on a machine that may be loaded.
test.describe.configure({ timeout: 180_000 });

interface Stored {
  filename: string;
  createdById: number;
}

async function recordings(runStep: number, kind: 'clip' | 'voice'): Promise<Stored[]> {
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(
    SANDBOX_URL,
    token,
    `query ($id: ID!) { runStep(id: $id) { entity { fileAttachments { filename createdById } } } }`,
    { id: String(runStep) },
  );
  const all = (result.data?.runStep.entity.fileAttachments ?? []) as Stored[];
  return all.filter((attachment) => attachment.filename.includes(`-${kind}-`));
}

/** Taylor's user id, as the API knows them (the token is Taylor's). */
async function taylorsId(): Promise<number> {
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(SANDBOX_URL, token, `query { me { id } }`);
  return Number(result.data?.me.id);
}

const signedOut = (page: Page) => expect(page.getByText('You are signed out of this tablet.')).toBeVisible();
/**
 * Signed out here, all the way: at the provider's login page. The app's own "signed out" page shows on
 * the way there, while the provider is still being told; a journey that went on from it raced that
 * sign-out (its next sign-in was taken over by the end of the last one and landed on the home page).
 * A sign-out that first stops and keeps a recording takes a few seconds more on a busy machine.
 */
const signedOutToLogin = (page: Page) => expect(page.getByLabel('Password')).toBeVisible({ timeout: 30_000 });

/** Taylor is back: the recording their sign-out cut short goes by itself, attached to `runStep` once, as Taylor. */
async function sentByItselfOnce(page: Page, kind: 'clip' | 'voice', runStep: number): Promise<void> {
  await expect(page.getByRole('listitem', { name: new RegExp(`-${kind}-.*: Attached$`) })).toHaveCount(1, {
    timeout: 30_000,
  });
  // A file of theirs like any other: nothing asks about it.
  await expect(page.getByText(/was cut short/)).toHaveCount(0);
  const attached = await recordings(runStep, kind);
  expect(attached).toHaveLength(1);
  expect(attached[0]!.createdById).toBe(await taylorsId());
}

test('a clip being recorded when another tab signs out stops there and is kept for its technician alone: the next person does not send it, and it goes by itself, once, as them, when they are back', async ({
  context,
}) => {
  expect(await recordings(6, 'clip')).toEqual([]);
  const camera = await context.newPage();
  await signInThroughForm(camera, '/run-steps/6', TECHNICIAN);
  await camera.getByRole('button', { name: 'Take photo' }).click();
  const dialog = camera.getByRole('dialog', { name: /^Photos for / });
  await dialog.getByText('Video', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await timerReaches(camera, 2);

  // The same technician signs out in another tab of the tablet while the clip records: the camera
  // tab leaves the record at once, camera closed.
  const other = await context.newPage();
  await other.goto('/parts/1');
  await expect(other.getByTestId('current-user')).toContainText(TECHNICIAN.name, { timeout: 30_000 });
  await openSignOut(other, TECHNICIAN.name);
  await signedOut(camera);
  await expect(dialog).toBeHidden();
  // The clip is one of Taylor's kept files now, stored on the tablet like a file they dropped.
  await expect
    .poll(() => storedUploadNames(camera), { timeout: 30_000 })
    .toContainEqual(expect.stringMatching(/-clip-/));
  // Closed once its own way out (the provider, then its login page) has settled.
  await expect(other.getByLabel('Password')).toBeVisible();
  await other.close();
  expect(await recordings(6, 'clip')).toEqual([]);

  // The next person signs in in that tab: the clip is Taylor's, said as a file left by them, not sent.
  await camera.goto('/run-steps/6');
  await camera.waitForURL(/\/oidc\/interaction\//);
  await submitLogin(camera, VIEWER.email, VIEWER.password);
  await expect(camera.getByTestId('current-user')).toContainText(VIEWER.name, { timeout: 30_000 });
  await expect(camera.getByText('1 file left by Taylor Technician', { exact: false })).toBeVisible();
  await expect(camera.getByText(/was cut short/)).toHaveCount(0);
  expect(await recordings(6, 'clip')).toEqual([]);
  await openSignOut(camera, VIEWER.name);
  await signedOutToLogin(camera);

  // Taylor is back: the clip goes by itself, once, as Taylor; a reload neither sends nor offers it again.
  await signInThroughForm(camera, '/run-steps/6', TECHNICIAN);
  await sentByItselfOnce(camera, 'clip', 6);
  await camera.reload();
  await expect(camera.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(camera.getByText(/was cut short/)).toHaveCount(0);
  expect(await recordings(6, 'clip')).toHaveLength(1);
});

/**
 * Taylor records a voice note on run step `runStep` and, two seconds in, signs out: the question counts
 * the note among the files waiting, and Taylor answers it with `choice`.
 */
async function signOutWhileRecording(page: Page, runStep: number, choice: string): Promise<void> {
  expect(await recordings(runStep, 'voice')).toEqual([]);
  await signInThroughForm(page, `/run-steps/${runStep}`, TECHNICIAN);
  await page.getByRole('button', { name: 'Record voice note' }).click();
  await timerReaches(page, 2);
  await openSignOut(page, TECHNICIAN.name);
  await page
    .getByRole('dialog', { name: '1 file not attached yet' })
    .getByRole('button', { name: choice })
    .click();
  await signedOutToLogin(page);
}

test('signing out while a voice note records asks first, as for a file waiting: kept for them, it goes by itself, once, when they are back', async ({
  page,
}) => {
  // Storage does not answer while Taylor signs out: the note, queued at the sign-out, cannot have gone
  // before the session ended, whatever the machine's speed.
  await page.route(
    (url) => isSignedStorageUrl(url),
    () => undefined,
  );
  await signOutWhileRecording(page, 7, 'Keep them for me and sign out');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  expect(await recordings(7, 'voice')).toEqual([]);

  await signInThroughForm(page, '/run-steps/7', TECHNICIAN);
  await sentByItselfOnce(page, 'voice', 7);
});

test('"Wait for them, then sign out" while a voice note records stops it, sends it, then signs out', async ({
  page,
}) => {
  await signOutWhileRecording(page, 8, 'Wait for them, then sign out');
  const attached = await recordings(8, 'voice');
  expect(attached).toHaveLength(1);
  expect(attached[0]!.createdById).toBe(await taylorsId());
});
