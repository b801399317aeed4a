import type { Page } from '@playwright/test';
import { APP_ORIGIN, expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { fakeCameraLaunchOptions, holdStills, writeQrVideo } from './fake-camera.ts';
import { focusPlace, focusTrail, pressIn, recordFocus, tabTo } from './focus-support.ts';
import { attachmentsOf, editor, marks, storedBytes } from './markup-support.ts';

// The fake camera is fixed per browser launch: this file's browser shows the label of run step 1.
const video = writeQrVideo(`${APP_ORIGIN}/run-steps/1`);
test.use({ launchOptions: fakeCameraLaunchOptions(video), permissions: ['camera'] });

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

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
    const before = (await attachmentsOf('runStep', 1)).length;
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
    // Each shot is attached as it is taken: the camera says so, and its button only closes it.
    await expect(camera.getByText('3 photos attached')).toBeVisible();
    await expect(camera.getByRole('button', { name: /^Attach/ })).toHaveCount(0);
    await camera.getByRole('button', { name: 'Done' }).click();
    await expect(camera).toBeHidden();
    await expect(page.getByRole('listitem', { name: /^[\w-]+-photo-.*: Attached$/ })).toHaveCount(3);
    const after = await attachmentsOf('runStep', 1);
    expect(after).toHaveLength(before + 3);
    const photos = after.filter((a) =>
      /^SN0041-step1-photo-\d{4}-\d\d-\d\d-\d{6}-\d+\.jpg$/.test(a.filename),
    );
    // Named for what they show, wherever they end up: serial, step, kind, minute; one burst, three names.
    expect(photos).toHaveLength(3);
    expect(new Set(photos.map((photo) => photo.filename)).size).toBe(3);
    // Named .jpg, listed as JPEG, and JPEG bytes (Chromium's fake camera hands takePhoto a PNG).
    for (const photo of photos) {
      expect(photo.contentType).toBe('image/jpeg');
      expect((await storedBytes(photo)).subarray(0, 3)).toEqual(JPEG_START);
    }
  });

  test('a photo attached while the camera is open: its notice waits for the camera to close, never over the viewfinder', async ({
    page,
  }) => {
    await signIn(page, '/run-steps/3');
    await page.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 3' });
    await camera.getByRole('button', { name: 'Take photo' }).click();
    // What the camera says is the news: nothing is left to attach, and × keeps the photo.
    await expect(camera.getByText('1 photo attached')).toBeVisible();
    await expect(camera.getByRole('button', { name: 'Done' })).toBeVisible();
    await expect(camera.getByRole('button', { name: /^Attach/ })).toHaveCount(0);
    // The full-screen viewfinder leaves no place a notice would cover nothing: told to screen readers
    // (the same moment the notice is raised), it is not shown over it.
    await expect(
      page.locator('[role="status"][aria-live="polite"]').filter({ hasText: /attached/i }),
    ).toHaveCount(1);
    const notice = page.getByRole('alert').filter({ hasText: /^Attached/ });
    await expect(notice).toHaveCount(0);
    const close = camera.getByRole('button', { name: 'Close the camera' });
    await expect(close).toHaveAccessibleName('Close the camera, keeping the photo');
    await close.click();
    await expect(camera).toBeHidden();
    // Told once the camera is closed.
    await expect(notice).toBeVisible();
    await expect(page.getByRole('listitem', { name: /^[\w-]+-photo-.*: Attached$/ })).toHaveCount(1);
  });

  test("an evidence slot's Take photo opens the camera in the page; the shot fills the slot", async ({
    page,
  }) => {
    await signIn(page, '/run-steps/4');
    const slot = page.getByRole('region', { name: 'Bore B close-up' });
    await expect(slot).toHaveAttribute('data-state', 'empty');
    await slot.getByRole('button', { name: 'Take a photo for Bore B close-up' }).click();
    const camera = page.getByRole('dialog', {
      name: 'Photos for Run 1 · SN 0041 · Step 4 · Bore B close-up',
    });
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await expect(camera.getByText('1 photo attached')).toBeVisible();
    await camera.getByRole('button', { name: 'Done' }).click();
    await expect(camera).toBeHidden();
    await expect(slot).toHaveAttribute('data-state', 'attached');
  });

  test('keyboard only: take a photo, mark it up and attach it, focus never leaving the dialog in front', async ({
    page,
  }) => {
    const before = new Set((await attachmentsOf('run', 1)).map((attachment) => attachment.id));
    await signIn(page, '/runs/1');
    await recordFocus(page);
    const takePhoto = page.getByRole('button', { name: 'Take photo' });
    for (let step = 0; step < 40; step += 1) {
      if (await takePhoto.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(takePhoto).toBeFocused();
    await page.keyboard.press('Enter');
    const inCamera = /^Photos for Run 1 · SN 0041$/;
    // The editor, also while its code and the photo load.
    const inEditor = /^(Opening the editor…|Opening [\w-]+-photo-.*\.jpg…|Mark up [\w-]+-photo-.*\.jpg)$/;
    const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041' });
    const shutter = camera.getByRole('button', { name: 'Take photo' });
    await expect(shutter).toBeEnabled();
    await expect.poll(() => focusPlace(page)).toMatch(inCamera);
    await tabTo(page, shutter, inCamera);
    await pressIn(page, 'Enter', inCamera);
    await expect(camera.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    // Tab from the shutter goes round the camera's own controls, never to the page behind it.
    for (let step = 0; step < 8; step += 1) await pressIn(page, 'Tab', inCamera);
    for (let step = 0; step < 8; step += 1) await pressIn(page, 'Shift+Tab', inCamera);

    const markUp = camera.getByRole('button', { name: 'Mark up photo 1' });
    await tabTo(page, markUp, inCamera);
    await page.keyboard.press('Enter');
    await expect(editor(page).getByTestId('markup-canvas')).toBeVisible();
    await expect.poll(() => focusPlace(page)).toMatch(inEditor);
    await tabTo(page, editor(page).getByRole('radio', { name: 'Arrow' }), inEditor);
    for (let step = 0; step < 4; step += 1) await pressIn(page, 'ArrowRight', inEditor);
    await expect(editor(page).getByRole('radio', { name: 'Label' })).toBeChecked();
    await tabTo(page, editor(page).getByRole('button', { name: 'FOD' }), inEditor);
    await pressIn(page, 'Enter', inEditor);
    await tabTo(page, editor(page).getByRole('button', { name: 'Add label in the middle' }), inEditor);
    await pressIn(page, 'Enter', inEditor);
    await expect(marks(page)).toHaveText(['Red label “FOD”']);
    await tabTo(page, editor(page).getByRole('button', { name: 'Save marked copy' }), inEditor);
    await pressIn(page, 'Enter', inCamera);
    await expect(editor(page)).toBeHidden();
    await expect(camera.getByRole('img', { name: 'Photo 2, marked up' })).toBeVisible();
    // Back where it came from.
    await expect(markUp).toBeFocused();

    await expect(camera.getByText('2 photos attached')).toBeVisible();
    await tabTo(page, camera.getByRole('button', { name: 'Done' }), inCamera);
    await page.keyboard.press('Enter');
    await expect(camera).toBeHidden();
    await expect(takePhoto).toBeFocused();

    const trail = await focusTrail(page);
    const first = trail.findIndex((place) => inCamera.test(place));
    const last = trail.findLastIndex((place) => inCamera.test(place));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(
      trail.slice(first, last + 1).filter((place) => !inCamera.test(place) && !inEditor.test(place)),
    ).toEqual([]);
    const added = (await attachmentsOf('run', 1)).filter((attachment) => !before.has(attachment.id));
    const original = added.find((attachment) => /-photo-[\d-]+-1\.jpg$/.test(attachment.filename))!;
    expect(added.map((attachment) => attachment.filename).sort()).toEqual([
      original.filename,
      original.filename.replace(/\.jpg$/, '.marked.jpg'),
    ]);
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
      // The record left for real: the run page on screen, not only its address.
      await expect(page.getByRole('heading', { name: 'Steps' })).toBeVisible();
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
    await expect(page.getByRole('listitem', { name: /^[\w-]+-photo-.*: Uploading/ })).toBeVisible();
    await camera.getByRole('button', { name: 'Delete photo 1' }).click();
    await expect(camera.getByRole('img', { name: 'Photo 1' })).toBeHidden();
    await expect(camera.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await expect(page.getByRole('listitem', { name: /-photo-/ })).toHaveCount(0);
  });

  test('two quick presses: each a photo shown at the tap, its row turning into the attached one, each attached once', async ({
    page,
  }) => {
    // The camera keeps its stills until the test lets them go: the shots stay pending meanwhile.
    const releaseStills = await holdStills(page);
    const before = (await attachmentsOf('runStep', 2)).map((attachment) => attachment.id);
    await signIn(page, '/run-steps/2');
    await page.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 2' });
    const shutter = camera.getByRole('button', { name: 'Take photo' });
    await expect(shutter).toBeEnabled();
    // Two presses in a row, as a gloved double tap: neither is dropped.
    await shutter.click();
    await shutter.click();
    await expect(camera.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await expect(camera.getByRole('img', { name: 'Photo 2' })).toBeVisible();
    await expect(camera.getByText('2 photos on the way')).toBeVisible();
    // In the record's upload list already, under their final names, before the camera has handed them over.
    const uploads = page.getByRole('region', { name: 'Uploads to Run 1 · SN 0041 · Step 2' });
    const rows = uploads.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAccessibleName(/-photo-[\d-]+-2\.jpg: Taking photo…$/);
    await expect(rows.nth(1)).toHaveAccessibleName(/-photo-[\d-]+-1\.jpg: Taking photo…$/);
    const names = await rows.evaluateAll((items) =>
      items.map((item) => item.getAttribute('aria-label')!.replace(/: .*$/, '')),
    );
    // Counted as unfinished: the tray does not say all is done.
    await expect(page.getByRole('button', { name: 'Uploads: 2 pending' })).toHaveCount(1);

    await releaseStills();
    // Each pending row becomes its file's row, in the same place, and is attached.
    await expect(rows.nth(0)).toHaveAccessibleName(`${names[0]}: Attached`);
    await expect(rows.nth(1)).toHaveAccessibleName(`${names[1]}: Attached`);
    await expect(rows).toHaveCount(2);
    await expect(camera.getByText('2 photos attached')).toBeVisible();
    await camera.getByRole('button', { name: 'Done' }).click();
    await expect(camera).toBeHidden();
    await expect(page.getByRole('button', { name: 'Uploads' })).toHaveCount(1);

    const added = (await attachmentsOf('runStep', 2)).filter((attachment) => !before.includes(attachment.id));
    expect(added.map((attachment) => attachment.filename).sort()).toEqual([...names].sort());
  });
});
