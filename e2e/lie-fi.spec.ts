import type { Page } from '@playwright/test';
import { APP_ORIGIN, expect, overrideConfig, signIn, test } from './fixtures.ts';
import {
  failTheApi,
  HANGING_API_TIMEOUT_MS,
  hangTheApi,
  restoreTheApi,
  runOneSteps,
} from './lie-fi-support.ts';
import { keptRecordKeys, pinSettled } from './offline-support.ts';
import { dropFilesOn, PNG_BYTES, stepFilenames, technicianToken } from './records-support.ts';

// Lie-fi (issue 35): the browser says online, the API is unreachable (lie-fi-support.ts). States
// only: no figure of time is asserted.
test.use({ viewport: { width: 768, height: 1024 } });

function unique(base: string): string {
  return base.replace(/(\.[^.]+)?$/, `-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}$1`);
}

/** Pins run 1 and waits until it and its steps are kept on the tablet. */
async function pinRunOne(page: Page, steps: number[]): Promise<void> {
  await signIn(page, '/runs/1');
  const toggle = page.getByRole('button', { name: 'Pin for offline' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // With both cores busy a run was still at "Pinning… 16 of 18" after the default 10 s, moving.
  await pinSettled(page.getByTestId('pin-status'));
  await expect(page.getByTestId('pin-status')).toHaveText(/^Pinned for offline/);
  await expect
    .poll(() => keptRecordKeys(page))
    .toEqual(expect.arrayContaining(['Run:1', ...steps.map((id) => `RunStep:${id}`)]));
}

/** A kept record page under lie-fi: its copy with its age, the server named, files still taken. */
async function expectKeptUnderLieFi(page: Page, name: string): Promise<void> {
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByTestId('kept-age')).toContainText(
    /^Cannot reach the server · saved (just now|\d+ min ago)/,
  );
  await expect(page.getByTestId('network-indicator')).toHaveText(/^Cannot reach the server/);
  await expect(page.getByText(/could not be opened|Not kept on this tablet/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Take photo/ })).toBeVisible();
}

test.describe('lie-fi: online as far as the browser knows, the API unreachable', () => {
  test('requests fail: a pinned run and its steps open with their age, a dropped file is queued at once and attached once', async ({
    page,
  }) => {
    test.slow();
    const token = await technicianToken();
    const steps = await runOneSteps(token);
    const step = steps[0]!;
    await pinRunOne(page, steps);

    await failTheApi(page);
    await page.reload();
    await expectKeptUnderLieFi(page, 'Run 1');
    await page.screenshot({ path: test.info().outputPath('lie-fi-run.png') });

    // Tapping a step: its kept copy, never "could not be opened".
    await page.locator(`main a[href="/run-steps/${step}"]`).first().click();
    await page.waitForURL(`${APP_ORIGIN}/run-steps/${step}`);
    await expectKeptUnderLieFi(page, `Run step ${step}`);

    const name = unique('lie-fi-drop.csv');
    await dropFilesOn(page.getByRole('heading', { level: 1 }), [{ name, type: 'text/csv', size: 64 }]);
    await expect(
      page.getByRole('listitem', { name: `${name}: Cannot reach the server: waiting to send` }),
    ).toBeVisible();
    await expect(page.getByTestId('network-indicator')).toHaveText('Cannot reach the server · 1 waiting');
    await page.screenshot({ path: test.info().outputPath('lie-fi-queued.png') });

    // The app checks again by itself, with backoff: the file goes once the API answers.
    await restoreTheApi(page);
    await expect(page.getByRole('listitem', { name: `${name}: Attached` })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('network-indicator')).toHaveCount(0);
    await expect(page.getByTestId('kept-age')).toHaveCount(0);
    expect((await stepFilenames(token, step)).filter((filename) => filename === name)).toHaveLength(1);
  });

  test('requests hang: the kept run shows, a photo says it waits for the server, and is attached once', async ({
    page,
  }) => {
    test.slow();
    const token = await technicianToken();
    const steps = await runOneSteps(token);
    const step = steps[0]!;
    await pinRunOne(page, steps);
    await page.goto(`/run-steps/${step}`);
    await expect(page.getByText(`Run step ${step}`, { exact: true })).toBeVisible();

    await hangTheApi(page);
    // The page loads again with a deployment's shorter time-out: it gives up on the hanging requests sooner.
    await overrideConfig(page.context(), { apiTimeoutMs: HANGING_API_TIMEOUT_MS });
    await page.reload();
    // The kept copy shows while the refresh hangs, and says why once the app gives up on it.
    await expect(page.getByText(`Run step ${step}`, { exact: true })).toBeVisible();
    const name = unique('lie-fi-photo.png');
    await page
      .getByTestId('choose-files-input')
      .setInputFiles({ name, mimeType: 'image/png', buffer: PNG_BYTES });
    // Never a silent "Preparing": the row says it waits for the server's answer, then that it cannot reach it.
    await expect(
      page.getByRole('listitem', {
        name: new RegExp(
          `^${name.replace(/\./g, '\\.')}: (Waiting for the server to answer|Cannot reach the server: waiting to send)$`,
        ),
      }),
    ).toBeVisible();
    // Once the app gives up on the hanging request (apiTimeoutMs), it says so.
    await expect(
      page.getByRole('listitem', { name: `${name}: Cannot reach the server: waiting to send` }),
    ).toBeVisible({ timeout: 45_000 });
    await expectKeptUnderLieFi(page, `Run step ${step}`);
    await page.screenshot({ path: test.info().outputPath('lie-fi-hanging.png') });

    await restoreTheApi(page);
    await expect(page.getByRole('listitem', { name: `${name}: Attached` })).toBeVisible({ timeout: 60_000 });
    expect((await stepFilenames(token, step)).filter((filename) => filename === name)).toHaveLength(1);
  });
});
