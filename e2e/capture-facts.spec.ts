import { load, TagValues, type IExif } from 'piexif-ts';
import { expect, overrideConfig, signIn, test, TECHNICIAN } from './fixtures.ts';
import { fakeCameraLaunchOptions, writeQrVideo } from './fake-camera.ts';
import { attachmentsOf, drag, editor, marks, storedBytes } from './markup-support.ts';

const { ImageIFD, ExifIFD } = TagValues;

// The fake camera shows a 640×480 picture; photos are made lighter above 400 px on their long edge.
const video = writeQrVideo('Run 1 step 1: the bracket');
const MAX_EDGE = 400;
test.use({ launchOptions: fakeCameraLaunchOptions(video), permissions: ['camera'] });

/** The EXIF of a JPEG as the file holds it (piexif-ts in Node: what any EXIF reader finds). */
function exifOf(jpeg: Buffer): IExif {
  return load(jpeg.toString('binary'));
}
const text = (value: unknown) => Buffer.from(String(value), 'binary').toString('utf8').replace(/\0+$/, '');

/** Width and height from the JPEG's frame header (SOF0/SOF2): the picture's real size. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < jpeg.length) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xc0 || marker === 0xc2) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('No frame header in the JPEG.');
}

/** What a photo taken in the app on run step 1 must say about itself, whatever was done to it after. */
function expectCaptureFacts(jpeg: Buffer, takenBetween: [number, number]) {
  const exif = exifOf(jpeg);
  const description = text(exif['0th']![ImageIFD.ImageDescription]);
  expect(description).toMatch(/^Run 1 · SN 0041 · Step 1 · Run step 1: /);
  expect(text(exif['0th']![ImageIFD.Artist])).toBe(TECHNICIAN.name);
  const original = String(exif.Exif![ExifIFD.DateTimeOriginal]);
  const offset = String(exif.Exif![ExifIFD.OffsetTimeOriginal]);
  expect(original).toMatch(/^\d{4}:\d\d:\d\d \d\d:\d\d:\d\d$/);
  expect(offset).toMatch(/^[+-]\d\d:\d\d$/);
  // Local time and its offset name one moment: the moment of the press.
  const [day, time] = original.split(' ');
  const at = Date.parse(`${day!.replaceAll(':', '-')}T${time}${offset}`);
  expect(at).toBeGreaterThanOrEqual(Math.floor(takenBetween[0] / 1000) * 1000);
  expect(at).toBeLessThanOrEqual(takenBetween[1]);
  // The pixels are upright (a re-encoded copy is drawn turned), and the size said is the picture's.
  expect(exif['0th']![ImageIFD.Orientation] ?? 1).toBe(1);
  const size = jpegSize(jpeg);
  if (exif.Exif![ExifIFD.PixelXDimension] !== undefined) {
    expect([exif.Exif![ExifIFD.PixelXDimension], exif.Exif![ExifIFD.PixelYDimension]]).toEqual([
      size.width,
      size.height,
    ]);
  }
  return size;
}

test('a photo taken on a run step is named for it and carries its facts inside, after lightening and after mark-up', async ({
  page,
  context,
}) => {
  // Camera, editor, lightening and two uploads in one journey: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  await overrideConfig(context, { photoMaxEdgePx: MAX_EDGE });
  const before = new Set((await attachmentsOf('runStep', 1)).map((attachment) => attachment.id));
  await signIn(page, '/run-steps/1');
  await page.getByRole('button', { name: 'Take photo' }).click();
  const camera = page.getByRole('dialog', { name: 'Photos for Run 1 · SN 0041 · Step 1' });
  const pressedFrom = Date.now();
  await camera.getByRole('button', { name: 'Take photo' }).click();
  const pressedBy = Date.now();
  const markUp = camera.getByRole('button', { name: 'Mark up photo 1' });
  await expect(markUp).toBeVisible();
  const shot = camera.getByRole('img', { name: 'Photo 1' });
  await expect(shot).toHaveJSProperty('complete', true);
  const taken = await shot.evaluate((image: HTMLImageElement) => ({
    width: image.naturalWidth,
    height: image.naturalHeight,
  }));
  // The editor opens the photo within the same size limit as lightening.
  const scale = Math.min(1, MAX_EDGE / Math.max(taken.width, taken.height));
  const picture = { width: Math.round(taken.width * scale), height: Math.round(taken.height * scale) };

  await markUp.click();
  await expect(editor(page).getByTestId('markup-canvas')).toBeVisible();
  const canvas = editor(page).getByTestId('markup-canvas');
  await drag(
    page,
    canvas,
    picture,
    [picture.width * 0.2, picture.height * 0.2],
    [picture.width * 0.4, picture.height * 0.4],
  );
  await expect(marks(page)).toHaveText(['Red arrow']);
  await editor(page).getByRole('button', { name: 'Save marked copy' }).click();
  await expect(editor(page)).toBeHidden();
  await expect(camera.getByText('2 photos attached')).toBeVisible({ timeout: 30_000 });
  await camera.getByRole('button', { name: 'Done' }).click();

  const added = (await attachmentsOf('runStep', 1)).filter((attachment) => !before.has(attachment.id));
  const photo = added.find((attachment) => !attachment.filename.includes('.marked'))!;
  const marked = added.find((attachment) => attachment.filename.includes('.marked'))!;
  // Named for what it shows: serial, step, kind, local minute, place in the burst.
  expect(photo.filename).toMatch(/^SN0041-step1-photo-\d{4}-\d\d-\d\d-\d{6}-\d+\.jpg$/);
  expect(marked.filename).toBe(photo.filename.replace(/\.jpg$/, '.marked.jpg'));

  // The photo went lighter (re-encoded smaller): its facts came through.
  const sent = await storedBytes(photo);
  const sentSize = expectCaptureFacts(sent, [pressedFrom, pressedBy]);
  expect(Math.max(sentSize.width, sentSize.height)).toBe(MAX_EDGE);
  // The marked copy (drawn on a canvas, encoded again) keeps them too.
  const markedSize = expectCaptureFacts(await storedBytes(marked), [pressedFrom, pressedBy]);
  expect(Math.max(markedSize.width, markedSize.height)).toBeLessThanOrEqual(
    Math.max(picture.width, picture.height),
  );
});
