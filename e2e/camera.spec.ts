import type { Page } from '@playwright/test';
import { APP_ORIGIN, expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { fakeCameraLaunchOptions, writeQrVideo } from './fake-camera.ts';
import { clientCredentialsToken, gql } from '../sandbox/test/harness.ts';

// The fake camera is fixed per browser launch: this file's browser shows the label of run step 1.
const video = writeQrVideo(`${APP_ORIGIN}/run-steps/1`);
test.use({ launchOptions: fakeCameraLaunchOptions(video), permissions: ['camera'] });

async function runStepAttachments(): Promise<{ filename: string; contentType: string | null }[]> {
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(
    SANDBOX_URL,
    token,
    `query ($id: ID!) { runStep(id: $id) { entity { fileAttachments { filename contentType } } } }`,
    { id: '1' },
  );
  return result.data?.runStep.entity.fileAttachments ?? [];
}

test.describe('the camera', () => {
  test('scans a label from the header and opens its record', async ({ page }) => {
    await signIn(page, '/parts');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Scan a label' })).toBeVisible();
    await expect(page).toHaveURL('/run-steps/1');
    await expect(page.getByText('Run step 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Scan a label' })).toBeHidden();
  });

  test('scan, shoot three photos, attach: the photos are on the run step', async ({ page }) => {
    const before = (await runStepAttachments()).length;
    await signIn(page, '/');
    await page
      .getByRole('switch', { name: 'Open the camera as soon as a scan or a typed id opens a record' })
      .check();
    // Scan: the record opens with the camera already on.
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 1' });
    await expect(camera).toBeVisible();
    await expect(page).toHaveURL('/run-steps/1');
    // Shoot: three shots, each in the strip as it is taken.
    const shutter = camera.getByRole('button', { name: 'Take photo' });
    for (const count of [1, 2, 3]) {
      await shutter.click();
      await expect(camera.getByRole('img', { name: `Photo ${count}` })).toBeVisible();
    }
    // Done.
    await camera.getByRole('button', { name: 'Attach 3 photos' }).click();
    await expect(camera).toBeHidden();
    await expect(page.getByRole('listitem', { name: /^photo-.*: Attached$/ })).toHaveCount(3);
    const after = await runStepAttachments();
    expect(after).toHaveLength(before + 3);
    expect(after.filter((a) => /^photo-.*\.jpg$/.test(a.filename))).toHaveLength(3);
  });

  test("a photo attached while the camera is open: its notice leaves the camera's × free", async ({
    page,
  }) => {
    await signIn(page, '/run-steps/3');
    await page.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 3' });
    await camera.getByRole('button', { name: 'Take photo' }).click();
    const notice = page.getByRole('alert').filter({ hasText: /^Attached/ });
    await expect(notice).toBeVisible();
    // While a dialog is open, notices stand half way down the screen: their column starts below the ×,
    // whatever its entry animation or how soon it closes.
    const close = camera.getByRole('button', { name: 'Close the camera' });
    const { closeBottom, noticesTop } = await close.evaluate((button) => ({
      closeBottom: button.getBoundingClientRect().bottom,
      noticesTop: document
        .querySelector('.mantine-Notifications-root[data-position="bottom-right"]')!
        .getBoundingClientRect().top,
    }));
    expect(noticesTop).toBeGreaterThanOrEqual(closeBottom);
    await close.click();
    await expect(camera).toBeHidden();
  });

  test.describe('after a scan has opened the camera', () => {
    // Sign in, ask for the camera after every scan, go on (`before`), then scan: run step 1 opens with
    // the camera on.
    async function scanWithCameraAfterScan(page: Page, before?: () => Promise<void>) {
      await signIn(page, '/');
      await page
        .getByRole('switch', { name: 'Open the camera as soon as a scan or a typed id opens a record' })
        .check();
      await before?.();
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 1' });
      await expect(camera).toBeVisible();
      await expect(page).toHaveURL('/run-steps/1');
      return camera;
    }

    // The page's own "Take photo" can be pressed only when no camera covers the page, and it opens
    // exactly one: so the camera had not come back by itself.
    async function expectCameraClosedUntilAsked(page: Page) {
      await expect(page.getByText('Run step 1', { exact: true })).toBeVisible();
      const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 1' });
      await expect(camera).toBeHidden();
      await page.getByRole('button', { name: 'Take photo' }).click();
      await expect(camera).toBeVisible();
    }

    test('Back leaves the record and Forward returns to it without the camera', async ({ page }) => {
      const camera = await scanWithCameraAfterScan(page);
      await page.goBack();
      await expect(page).toHaveURL('/');
      await expect(camera).toBeHidden();
      await page.goForward();
      await expect(page).toHaveURL('/run-steps/1');
      await expectCameraClosedUntilAsked(page);
    });

    test('leaving the record and coming Back does not open the camera again', async ({ page }) => {
      const camera = await scanWithCameraAfterScan(page);
      await camera.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(camera).toBeHidden();
      await page.getByRole('link', { name: /^Run 1\b/ }).click();
      await expect(page).toHaveURL('/runs/1');
      await page.goBack();
      await expect(page).toHaveURL('/run-steps/1');
      await expectCameraClosedUntilAsked(page);
    });

    test('reloading the record does not open the camera again', async ({ page }) => {
      const camera = await scanWithCameraAfterScan(page);
      await camera.getByRole('button', { name: 'Close', exact: true }).click();
      await page.reload();
      // After a reload the camera's code is fetched again before it could show: wait until it would be here.
      await page.waitForLoadState('networkidle');
      await expectCameraClosedUntilAsked(page);
    });

    test('a scan from another run step, with run step 1 seen before, opens the camera there too', async ({
      page,
    }) => {
      await scanWithCameraAfterScan(page, async () => {
        // Run step 1, then run step 2 through the app's links: run step 1's data stays in the page.
        await page.getByLabel('Id, scanned label or link').fill('RUNSTEP-1');
        await page.getByRole('button', { name: 'Open', exact: true }).click();
        await page
          .getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 1' })
          .getByRole('button', { name: 'Close', exact: true })
          .click();
        await page.getByRole('link', { name: /^Run 1\b/ }).click();
        await page.getByRole('link', { name: /^Run step 2:/ }).click();
        await expect(page.getByText('Run step 2', { exact: true })).toBeVisible();
      });
    });
  });

  test('deletes a shot that is still on its way, so it is never attached', async ({ page }) => {
    // Storage never answers the PUT: the shot stays on its way while it is deleted.
    await page.route(
      (url) => url.origin === new URL(SANDBOX_URL).origin,
      (route) => (route.request().method() === 'PUT' ? undefined : route.fallback()),
    );
    await signIn(page, '/run-steps/2');
    await page.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 2' });
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await expect(camera.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: /^photo-.*: Uploading/ })).toBeVisible();
    await camera.getByRole('button', { name: 'Delete photo 1' }).click();
    await expect(camera.getByRole('img', { name: 'Photo 1' })).toBeHidden();
    await expect(camera.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await expect(page.getByRole('listitem', { name: /^photo-/ })).toHaveCount(0);
  });
});
