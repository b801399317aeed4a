import { expect, signIn, test } from './fixtures';
import { fakeCameraLaunchOptions, writeQrVideo } from './fake-camera';
import {
  drawArrowAndLabel,
  expectChangedOnlyWhereDrawn,
  editor,
  holdUploads,
  partAttachments,
  storedBytes,
} from './markup-support';

// The fake camera is fixed per browser launch: any picture with sharp detail will do to mark up.
const video = writeQrVideo('FOD next to the bracket');
test.use({
  launchOptions: fakeCameraLaunchOptions(video),
  permissions: ['camera'],
  viewport: { width: 768, height: 1024 },
});

test('a photo just taken, marked up from the camera strip: original and marked copy attached, the copy changed only where drawn', async ({
  page,
}, testInfo) => {
  const before = new Set((await partAttachments()).map((attachment) => attachment.id));
  const release = await holdUploads(page);
  await signIn(page, '/parts/1');
  await page.getByRole('button', { name: 'Take photo' }).click();
  const camera = page.getByRole('dialog', { name: /^Photos for Part 1/ });
  await camera.getByRole('button', { name: 'Take photo' }).click();
  const shot = camera.getByRole('img', { name: 'Photo 1' });
  // At the press the strip shows a small copy of the video's frame; Mark up is offered once the photo
  // itself exists, and the strip shows the photo then.
  const markUp = camera.getByRole('button', { name: 'Mark up photo 1' });
  await expect(markUp).toBeVisible();
  await expect(shot).toHaveJSProperty('complete', true);
  const picture = await shot.evaluate((image: HTMLImageElement) => ({
    width: image.naturalWidth,
    height: image.naturalHeight,
  }));

  await markUp.click();
  await expect(editor(page).getByTestId('markup-canvas')).toBeVisible();
  await expect(editor(page).getByRole('checkbox', { name: 'Attach the original too' })).toBeChecked();
  release();
  await drawArrowAndLabel(page, picture);
  await editor(page).getByRole('button', { name: 'Save marked copy' }).click();
  await expect(editor(page)).toBeHidden();

  // The marked copy joins the strip after its original; both are attached.
  await expect(camera.getByRole('img', { name: 'Photo 2, marked up' })).toBeVisible();
  const strip = testInfo.outputPath('camera-strip-after-markup.png');
  await page.screenshot({ path: strip });
  await testInfo.attach('camera-strip-after-markup', { path: strip, contentType: 'image/png' });
  await expect(camera.getByText('2 photos attached')).toBeVisible();
  await camera.getByRole('button', { name: 'Done' }).click();
  await expect(camera).toBeHidden();
  await expect(page.getByRole('listitem', { name: /^[\w-]+-photo-.*: Attached$/ })).toHaveCount(2);

  const added = (await partAttachments()).filter((attachment) => !before.has(attachment.id));
  const original = added.find((attachment) => /-photo-[\d-]+-1\.jpg$/.test(attachment.filename))!;
  expect(added.map((attachment) => attachment.filename).sort()).toEqual([
    original.filename,
    original.filename.replace(/\.jpg$/, '.marked.jpg'),
  ]);
  const marked = added.find((attachment) => attachment !== original)!;
  expect(marked.contentType).toBe('image/jpeg');

  await expectChangedOnlyWhereDrawn(page, await storedBytes(original), await storedBytes(marked), picture);
});
