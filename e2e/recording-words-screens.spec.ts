import type { Page } from '@playwright/test';
import { APP_ORIGIN, expect, signIn, test } from './fixtures.ts';
import { writeQrVideo } from './fake-camera.ts';
import { chooseLanguage, say } from './i18n-support.ts';
import { fakeMediaLaunchOptions, writeToneWav } from './media-support.ts';
import { clippedControls, smallControls } from './screen-checks.ts';

// The words about recordings on screens of their own, in the pseudo-locale (accented, 40 % longer) at
// both tablet sizes, light and dark: the sign-out question while a voice note records, and a stopped
// recording the app closed on before it was added to the files to send. States only.
test.use({
  launchOptions: fakeMediaLaunchOptions(writeQrVideo(`${APP_ORIGIN}/run-steps/1`), writeToneWav(60)),
  permissions: ['camera', 'microphone'],
});
test.describe.configure({ timeout: 180_000 });

const XA = (english: string, values?: Record<string, string | number>) => say('en-XA', english, values);

/** A scheme changes colours, never the layout: each state is shot in light, then dark. */
async function shootBoth(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
  }
}

/**
 * On the device's store of recordings (src/features/upload/recording/recordingStore.ts): `copy` stores a
 * copy of the voice note being recorded as a recording stopped just before the page went would be (its
 * stop noted, not yet the queue's: what the next start offers back) and gives its filename; `ids` gives
 * the ids of the recordings stored.
 */
function recordingStore(page: Page, ask: 'copy'): Promise<string>;
function recordingStore(page: Page, ask: 'ids'): Promise<string[]>;
function recordingStore(page: Page, ask: 'copy' | 'ids'): Promise<string | string[]> {
  return page.evaluate(
    (ask) =>
      new Promise<string | string[]>((resolve, reject) => {
        const open = indexedDB.open('floor-recordings', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['recordings', 'slices'], 'readwrite');
          const recordings = tx.objectStore('recordings');
          const slices = tx.objectStore('slices');
          let result: string | string[] = [];
          tx.oncomplete = () => resolve(result);
          tx.onerror = () => reject(tx.error);
          if (ask === 'ids') {
            const keys = recordings.getAllKeys();
            keys.onsuccess = () => (result = keys.result as string[]);
            return;
          }
          const all = recordings.getAll();
          all.onsuccess = () => {
            const [live] = all.result as { id: string; filename: string; startedAt: number }[];
            if (!live) return;
            const first = slices.get([live.id, 0]);
            first.onsuccess = () => {
              recordings.put({
                ...live,
                id: 'stopped-copy',
                seconds: 12,
                stoppedAt: live.startedAt + 12_000,
              });
              slices.put(first.result, ['stopped-copy', 0]);
              result = live.filename;
            };
          };
        };
      }),
    ask,
  );
}

for (const size of [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
]) {
  test(`recording words in the pseudo-locale, ${size.name}, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    // A step no other recording journey uses: a name of the same minute is another journey's file.
    await signIn(page, '/run-steps/10');
    await chooseLanguage(page, 'Ƥşḗŭḓǿ');
    await page.getByRole('button', { name: XA('Record voice note') }).click();
    // Its first slice stored (a second each); the timer's words are pseudo-localized around the digits.
    await expect(page.getByTestId('recording-timer')).toContainText(/0:(0[2-9]|[1-5]\d) \/ 2:00/, {
      timeout: 30_000,
    });

    // The sign-out question names the recording in progress.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: XA('Sign out') }).click();
    const ask = page.getByRole('dialog', {
      name: XA('{count, plural, one {# file not attached yet} other {# files not attached yet}}', {
        count: 1,
      }),
    });
    await expect(ask).toContainText(
      XA(
        '{count, plural, one {One of them is still recording: it stops when you choose below, and goes with the other files.} other {# of them are still recording: they stop when you choose below, and go with the other files.}}',
        { count: 1 },
      ),
    );
    expect.soft(await smallControls(page), 'controls under 44 px').toEqual([]);
    expect.soft(await clippedControls(page), 'controls whose words are cut off').toEqual([]);
    await shootBoth(page, `pseudo-sign-out-recording-${size.name}`);
    await ask.getByRole('button', { name: XA('Stay signed in') }).click();
    await expect(ask).toBeHidden();

    // A stopped recording the app closed on: offered back with words that say it was stopped.
    const name = await recordingStore(page, 'copy');
    await page.getByRole('button', { name: XA('Stop the voice note') }).click();
    // The voice note itself is the queue's (its entry let go): only the copy is left to offer.
    await expect.poll(() => recordingStore(page, 'ids'), { timeout: 30_000 }).toEqual(['stopped-copy']);
    await page.reload();
    const notice = page.getByRole('status').filter({
      hasText: XA(
        '{kind, select, clip {The clip {name} was stopped} other {The voice note {name} was stopped}}, but the app closed before it was added to the files to send. All of it ({seconds}) is kept on this device.',
        { kind: 'voice', name, seconds: '0:12' },
      ),
    });
    await expect(notice).toBeVisible();
    await notice.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page is wider than the window').toBeLessThanOrEqual(0);
    expect.soft(await smallControls(page), 'controls under 44 px').toEqual([]);
    expect.soft(await clippedControls(page), 'controls whose words are cut off').toEqual([]);
    await shootBoth(page, `pseudo-stopped-recording-${size.name}`);
    await notice.getByRole('button', { name: XA('Discard {name}', { name }) }).click();
    await expect(notice).toBeHidden();
  });
}
