import type { Page } from '@playwright/test';
import { attachFile, entityIdOf, expectNoSeriousA11yViolations, technicianToken } from './records-support';
import { expect, signIn, test } from './fixtures';
import {
  addFodLabel,
  comparePixels,
  drag,
  drawArrowAndLabel,
  expectChangedOnlyWhereDrawn,
  editor,
  holdUploads,
  makePhoto,
  markUpAttachedPhoto,
  marks,
  partAttachments,
  PHOTO,
  redBox,
  storedBytes,
  tap,
} from './markup-support';

function unique(base: string): string {
  return base.replace(/(\.[^.]+)?$/, `-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}$1`);
}

const markedName = (name: string) => name.replace(/\.jpg$/, '.marked.jpg');

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function uploadRow(page: Page, filename: string, status = '') {
  return page
    .getByRole('region', { name: /^Uploads to Part 1/ })
    .getByRole('listitem', { name: new RegExp(`^${escape(filename)}: ${escape(status)}`) });
}

async function takePhoto(page: Page, name: string, photo: Buffer): Promise<void> {
  await page
    .getByLabel(/^Take a photo to attach to/)
    .setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
}

test.describe('marking up a photo', () => {
  test('a photo marked up before it is attached: original and marked copy both attached, the copy changed only where drawn', async ({
    page,
  }) => {
    const name = unique('crack.jpg');
    const release = await holdUploads(page);
    await signIn(page, '/parts/1');
    const photo = await makePhoto(page);
    await takePhoto(page, name, photo);

    await uploadRow(page, name)
      .getByRole('button', { name: `Mark up ${name}` })
      .click();
    await expect(editor(page).getByTestId('markup-canvas')).toBeVisible();
    await expect(uploadRow(page, name, 'Held while it is marked up')).toBeAttached();
    release();
    await drawArrowAndLabel(page);
    const keepOriginal = editor(page).getByRole('checkbox', { name: 'Attach the original too' });
    await expect(keepOriginal).toBeChecked();
    // Large enough for a gloved finger: the control itself, not only the text beside it.
    const keepBox = (await keepOriginal.boundingBox())!;
    expect(Math.min(keepBox.width, keepBox.height)).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yViolations(page);
    await editor(page).getByRole('button', { name: 'Save marked copy' }).click();
    await expect(editor(page)).toBeHidden();

    await expect(uploadRow(page, markedName(name), 'Attached')).toBeVisible();
    await expect(uploadRow(page, name, 'Attached')).toBeVisible();
    const attachments = await partAttachments();
    const original = attachments.filter((a) => a.filename === name);
    const marked = attachments.filter((a) => a.filename === markedName(name));
    expect(original).toHaveLength(1);
    expect(marked).toHaveLength(1);
    expect(marked[0]!.contentType).toBe('image/jpeg');
    expect(await storedBytes(original[0]!)).toEqual(photo);

    await expectChangedOnlyWhereDrawn(page, photo, await storedBytes(marked[0]!));
  });

  test('a reload in the middle of marking up a queued photo keeps the marks, editable', async ({ page }) => {
    const name = unique('fastener.jpg');
    const release = await holdUploads(page);
    await signIn(page, '/parts/1');
    await takePhoto(page, name, await makePhoto(page));
    await uploadRow(page, name)
      .getByRole('button', { name: `Mark up ${name}` })
      .click();
    await drag(page, editor(page).getByTestId('markup-canvas'), PHOTO, [300, 300], [600, 500]);
    await expect(marks(page)).toHaveText(['Red arrow']);
    // The marks are in the browser's upload store before the page goes away.
    await page.waitForFunction(async (filename) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('floor-uploads-v2');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const rows = await new Promise<{ filename: string; markup?: { shapes: unknown[] } }[]>((resolve) => {
        const request = db.transaction('entries').objectStore('entries').getAll();
        request.onsuccess = () => resolve(request.result);
      });
      db.close();
      return rows.some((row) => row.filename === filename && row.markup?.shapes.length === 1);
    }, name);

    await page.reload();
    await uploadRow(page, name, 'Held while it is marked up')
      .getByRole('button', { name: `Continue marking up ${name}` })
      .click();
    await expect(marks(page)).toHaveText(['Red arrow']);
    await addFodLabel(page);
    await expect(marks(page)).toHaveText(['Red arrow', 'Red label “FOD”']);
    await editor(page).getByRole('button', { name: 'Undo' }).click();
    await expect(marks(page)).toHaveText(['Red arrow']);
    await editor(page).getByRole('button', { name: 'Redo' }).click();
    await expect(marks(page)).toHaveText(['Red arrow', 'Red label “FOD”']);
    release();
    await editor(page).getByRole('button', { name: 'Save marked copy' }).click();

    await expect(uploadRow(page, markedName(name), 'Attached')).toBeVisible();
    await expect(uploadRow(page, name, 'Attached')).toBeVisible();
    const attachments = await partAttachments();
    expect(attachments.filter((a) => a.filename === name)).toHaveLength(1);
    expect(attachments.filter((a) => a.filename === markedName(name))).toHaveLength(1);
  });

  test('an attached photo marked up: a new attachment appears and the original is untouched', async ({
    page,
  }) => {
    const name = unique('torque.jpg');
    await signIn(page, '/parts/1');
    const photo = await makePhoto(page);
    const token = await technicianToken();
    const originalId = await attachFile(
      token,
      await entityIdOf(token, 'part', 1),
      name,
      new Uint8Array(photo),
    );
    await page.reload();

    await page.getByRole('button', { name: `Mark up ${name}` }).click();
    await drawArrowAndLabel(page);
    await expect(editor(page).getByRole('checkbox', { name: 'Attach the original too' })).toHaveCount(0);
    await editor(page).getByRole('button', { name: 'Save marked copy' }).click();

    await expect(uploadRow(page, markedName(name), 'Attached')).toBeVisible();
    await expect(page.getByText(markedName(name), { exact: true }).first()).toBeVisible();
    const attachments = await partAttachments();
    const original = attachments.filter((a) => a.filename === name);
    expect(original.map((a) => a.id)).toEqual([originalId]);
    expect(await storedBytes(original[0]!)).toEqual(photo);
    const marked = attachments.filter((a) => a.filename === markedName(name));
    expect(marked).toHaveLength(1);
    await expectChangedOnlyWhereDrawn(page, photo, await storedBytes(marked[0]!));
  });
});

test.describe('blurring', () => {
  test('a blurred area: the marked copy is covered in blocks there and unchanged everywhere else', async ({
    page,
  }) => {
    const name = unique('serial.jpg');
    await signIn(page, '/parts/1');
    const photo = await markUpAttachedPhoto(page, name);
    await editor(page).getByRole('toolbar').getByText('Blur', { exact: true }).click();
    await expect(editor(page).getByRole('radio', { name: 'Blur' })).toBeChecked();
    // Across the edge of the photo's disc, where blocks change what is seen.
    const canvas = editor(page).getByTestId('markup-canvas');
    await drag(page, canvas, PHOTO, [950, 550], [1300, 900]);
    await expect(marks(page)).toHaveText(['Blurred area']);
    await editor(page).getByRole('button', { name: 'Save marked copy' }).click();

    await expect(uploadRow(page, markedName(name), 'Attached')).toBeVisible();
    const marked = (await partAttachments()).filter((a) => a.filename === markedName(name));
    expect(marked).toHaveLength(1);
    const comparison = await comparePixels(page, photo, await storedBytes(marked[0]!), {
      x: 940,
      y: 540,
      w: 370,
      h: 370,
    });
    expect(comparison).toMatchObject({
      width: PHOTO.width,
      height: PHOTO.height,
      otherWidth: PHOTO.width,
      otherHeight: PHOTO.height,
    });
    expect(comparison.changedInside).toBeGreaterThan(1_000);
    expect(comparison.changedOutside).toBe(0);
    expect(comparison.meanOutside).toBeLessThan(2);
  });
});

test.describe('labels', () => {
  test('the Label tool chooses nothing by itself, leaves the photo where it was, and keeps a label by the edge whole', async ({
    page,
  }) => {
    const name = unique('edge.jpg');
    await signIn(page, '/parts/1');
    await markUpAttachedPhoto(page, name);
    const canvas = editor(page).getByTestId('markup-canvas');
    const where = await canvas.boundingBox();

    await editor(page).getByRole('toolbar').getByText('Label', { exact: true }).click();
    await expect(editor(page).getByRole('radio', { name: 'Label' })).toBeChecked();
    expect(await canvas.boundingBox()).toEqual(where);
    for (const preset of ['crack', 'FOD', 'missing', 'torque stripe']) {
      await expect(editor(page).getByRole('button', { name: preset })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    }
    const own = editor(page).getByRole('textbox', { name: 'Own label text' });
    await expect(own).toHaveValue('');
    // A tap before any text is chosen places nothing.
    await tap(page, canvas, PHOTO, [800, 600]);
    await expect(editor(page).getByText('Choose a label or type one first.')).toBeAttached();
    await expect(marks(page)).toHaveCount(0);

    // The same words in the middle and at the bottom right corner: both whole.
    await own.fill('burr on edge');
    await tap(page, canvas, PHOTO, [600, 400]);
    await tap(page, canvas, PHOTO, [PHOTO.width - 4, PHOTO.height - 4]);
    await expect(marks(page)).toHaveText(['Red label “burr on edge”', 'Red label “burr on edge”']);
    await editor(page).getByRole('button', { name: 'Save marked copy' }).click();
    await expect(uploadRow(page, markedName(name), 'Attached')).toBeVisible();

    const marked = (await partAttachments()).find((a) => a.filename === markedName(name))!;
    const saved = await storedBytes(marked);
    const split = { x: PHOTO.width / 2, y: PHOTO.height * 0.6 };
    const middle = await redBox(page, saved, { left: 0, top: 0, right: PHOTO.width, bottom: split.y });
    const corner = await redBox(page, saved, {
      left: split.x,
      top: split.y,
      right: PHOTO.width,
      bottom: PHOTO.height,
    });
    expect(middle).not.toBeNull();
    expect(corner).not.toBeNull();
    // Inside the picture, not running off its edges…
    expect(corner!.right).toBeLessThan(PHOTO.width - 1);
    expect(corner!.bottom).toBeLessThan(PHOTO.height - 1);
    // …and as large as the same words where nothing cuts them.
    expect(Math.abs(corner!.right - corner!.left - (middle!.right - middle!.left))).toBeLessThanOrEqual(2);
    expect(Math.abs(corner!.bottom - corner!.top - (middle!.bottom - middle!.top))).toBeLessThanOrEqual(2);
  });
});

test.describe('marking up with fingers', () => {
  test.use({ hasTouch: true });

  test('one finger draws; two fingers pinch to zoom without drawing; Fit brings the whole photo back; the keyboard undoes, redoes and labels', async ({
    page,
  }) => {
    const name = unique('pinch.jpg');
    await signIn(page, '/parts/1');
    await markUpAttachedPhoto(page, name);
    const canvas = editor(page).getByTestId('markup-canvas');
    const zoom = editor(page).getByTestId('markup-zoom');
    await expect(zoom).toHaveText(/^Zoom \d+%$/);
    const fitted = Number((await zoom.textContent())!.match(/\d+/)![0]);

    const touch = await page.context().newCDPSession(page);
    const box = (await canvas.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const fingers = (spread: number) => [
      { x: cx - spread, y: cy, id: 1 },
      { x: cx + spread, y: cy, id: 2 },
    ];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
    for (const spread of [60, 80, 100, 120]) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Fingers 80 px apart moved to 240 px: three times the zoom.
    await expect
      .poll(async () => Number((await zoom.textContent())!.match(/\d+/)![0]) / fitted)
      .toBeCloseTo(3, 1);
    await expect(marks(page)).toHaveCount(0);

    await editor(page).getByRole('button', { name: 'Fit the photo' }).click();
    await expect(zoom).toHaveText(`Zoom ${fitted}%`);
    await touch.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: cx - 100, y: cy, id: 3 }],
    });
    await touch.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: cx, y: cy + 60, id: 3 }],
    });
    await touch.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: cx + 100, y: cy + 100, id: 3 }],
    });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(marks(page)).toHaveText(['Red arrow']);

    // The controls work from the keyboard: undo and redo, a tool, a label placed with a button.
    await page.keyboard.press('Control+z');
    await expect(marks(page)).toHaveCount(0);
    await page.keyboard.press('Control+Shift+z');
    await expect(marks(page)).toHaveText(['Red arrow']);
    await editor(page).getByRole('radio', { name: 'Arrow' }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(editor(page).getByRole('radio', { name: 'Label' })).toBeChecked();
    await editor(page).getByRole('textbox', { name: 'Own label text' }).fill('loose rivet');
    await editor(page).getByRole('button', { name: 'Add label in the middle' }).press('Enter');
    await expect(marks(page)).toHaveText(['Red arrow', 'Red label “loose rivet”']);
  });
});
