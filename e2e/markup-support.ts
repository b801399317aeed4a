import type { Locator, Page } from '@playwright/test';
import { clientCredentialsToken, gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL } from './fixtures';
import { attachFile, entityIdOf, technicianToken } from './records-support';

export const PHOTO = { width: 1600, height: 1200 };

/**
 * A photo-like JPEG made by the browser: smooth shading and a few shapes, so a re-encoded copy
 * stays close to it wherever nothing was drawn.
 */
export async function makePhoto(page: Page, size = PHOTO): Promise<Buffer> {
  const base64 = await page.evaluate(async ({ width, height }) => {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    const shade = context.createLinearGradient(0, 0, width, height);
    shade.addColorStop(0, '#5a6470');
    shade.addColorStop(1, '#9aa4ae');
    context.fillStyle = shade;
    context.fillRect(0, 0, width, height);
    context.fillStyle = '#3b4148';
    context.beginPath();
    context.arc(width * 0.7, height * 0.6, height * 0.15, 0, Math.PI * 2);
    context.fill();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, size);
  return Buffer.from(base64, 'base64');
}

export interface RecordAttachment {
  id: number;
  filename: string;
  contentType: string | null;
  downloadUrl: string | null;
}

/** A record's attachments, through the API as the technician's client sees them. */
export async function attachmentsOf(
  kind: 'part' | 'run' | 'runStep' | 'runStepField',
  id: number,
): Promise<RecordAttachment[]> {
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(
    SANDBOX_URL,
    token,
    `query ($id: ID!) { ${kind}(id: $id) { entity { fileAttachments { id filename contentType downloadUrl } } } }`,
    { id: String(id) },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.[kind].entity.fileAttachments ?? [];
}

export const partAttachments = (id = 1) => attachmentsOf('part', id);

export async function storedBytes(attachment: RecordAttachment): Promise<Buffer> {
  const response = await fetch(attachment.downloadUrl!);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

export interface PixelComparison {
  width: number;
  height: number;
  otherWidth: number;
  otherHeight: number;
  /** Pixels inside the box whose colour changed clearly (any channel by more than 60). */
  changedInside: number;
  /** The same count outside the box. */
  changedOutside: number;
  /** Mean absolute difference per channel outside the box (JPEG re-encoding noise only). */
  meanOutside: number;
}

/** Decodes two images in the browser and compares them inside and outside a box (picture pixels). */
export async function comparePixels(
  page: Page,
  original: Buffer,
  marked: Buffer,
  box: { x: number; y: number; w: number; h: number },
): Promise<PixelComparison> {
  return page.evaluate(
    async ({ a, b, box }) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes]));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [first, second] = await Promise.all([decode(a), decode(b)]);
      let changedInside = 0;
      let changedOutside = 0;
      let sumOutside = 0;
      let countOutside = 0;
      const width = Math.min(first.width, second.width);
      const height = Math.min(first.height, second.height);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * first.width + x) * 4;
          const j = (y * second.width + x) * 4;
          const diffs = [0, 1, 2].map((c) => Math.abs(first.data[i + c]! - second.data[j + c]!));
          const changed = Math.max(...diffs) > 60;
          const inside = x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h;
          if (inside) {
            if (changed) changedInside++;
          } else {
            if (changed) changedOutside++;
            sumOutside += diffs[0]! + diffs[1]! + diffs[2]!;
            countOutside += 3;
          }
        }
      }
      return {
        width: first.width,
        height: first.height,
        otherWidth: second.width,
        otherHeight: second.height,
        changedInside,
        changedOutside,
        meanOutside: sumOutside / countOutside,
      };
    },
    { a: original.toString('base64'), b: marked.toString('base64'), box },
  );
}

/** Where a point of the picture is on screen, given the editor's canvas fitting the picture in. */
export async function screenPoint(
  canvas: Locator,
  picture: { width: number; height: number },
  [x, y]: [number, number],
): Promise<[number, number]> {
  const box = (await canvas.boundingBox())!;
  // The editor fits the whole photo into its area with a small margin, centred.
  const scale = Math.min(box.width / picture.width, box.height / picture.height) * 0.96;
  const left = box.x + (box.width - picture.width * scale) / 2;
  const top = box.y + (box.height - picture.height * scale) / 2;
  return [left + x * scale, top + y * scale];
}

/** A finger (here the mouse) drawn across the picture from one point to another. */
export async function drag(
  page: Page,
  canvas: Locator,
  picture: { width: number; height: number },
  from: [number, number],
  to: [number, number],
): Promise<void> {
  const start = await screenPoint(canvas, picture, from);
  const end = await screenPoint(canvas, picture, to);
  await page.mouse.move(...start);
  await page.mouse.down();
  await page.mouse.move(...end, { steps: 8 });
  await page.mouse.up();
}

export async function tap(
  page: Page,
  canvas: Locator,
  picture: { width: number; height: number },
  at: [number, number],
): Promise<void> {
  const point = await screenPoint(canvas, picture, at);
  await page.mouse.click(...point);
}

export const editor = (page: Page) => page.getByRole('dialog', { name: /^Mark up/ });

/**
 * A photo attached to part 1 through the API as `name`, then opened in the editor from the part's
 * page (which must be showing): the photo's bytes.
 */
export async function markUpAttachedPhoto(page: Page, name: string): Promise<Buffer> {
  const photo = await makePhoto(page);
  const token = await technicianToken();
  await attachFile(token, await entityIdOf(token, 'part', 1), name, new Uint8Array(photo));
  await page.reload();
  await page.getByRole('button', { name: `Mark up ${name}` }).click();
  await expect(editor(page).getByTestId('markup-canvas')).toBeVisible();
  return photo;
}
export const marks = (page: Page) =>
  editor(page).getByRole('list', { name: 'Marks on the photo' }).getByRole('listitem');

type Picture = { width: number; height: number };

/** A point given in PHOTO's pixels, at the same place of a picture of another size. */
function at(picture: Picture, [x, y]: [number, number]): [number, number] {
  return [(x * picture.width) / PHOTO.width, (y * picture.height) / PHOTO.height];
}

/**
 * An arrow from (300, 300) to (600, 500) and a "FOD" label at (900, 300), in PHOTO's pixels (at the
 * same places of a picture of another size: marks are sized by the picture, so they scale with it).
 */
export async function drawArrowAndLabel(page: Page, picture: Picture = PHOTO): Promise<void> {
  const canvas = editor(page).getByTestId('markup-canvas');
  await drag(page, canvas, picture, at(picture, [300, 300]), at(picture, [600, 500]));
  await expect(marks(page)).toHaveText(['Red arrow']);
  await addFodLabel(page, picture);
  await expect(marks(page)).toHaveText(['Red arrow', 'Red label “FOD”']);
}

export async function addFodLabel(page: Page, picture: Picture = PHOTO): Promise<void> {
  await editor(page).getByRole('toolbar').getByText('Label', { exact: true }).click();
  await expect(editor(page).getByRole('radio', { name: 'Label' })).toBeChecked();
  await editor(page).getByRole('button', { name: 'FOD' }).click();
  await tap(page, editor(page).getByTestId('markup-canvas'), picture, at(picture, [900, 300]));
}

/** Everything drawArrowAndLabel draws lies in this box of the picture (arrow head and label width included). */
export function drawnBox(picture: Picture = PHOTO): { x: number; y: number; w: number; h: number } {
  const [x, y] = at(picture, [220, 220]);
  const [w, h] = at(picture, [900, 360]);
  return { x, y, w, h };
}

/** Storage PUTs wait until released: a photo stays queued long enough to be marked up first. */
export async function holdUploads(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${SANDBOX_URL}/storage/**`, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await released;
    // A PUT the page stopped (the photo was held for its mark-up) cannot be continued.
    await route.fallback().catch(() => undefined);
  });
  return release;
}

/**
 * The marked copy is the original's size and differs from it only inside drawArrowAndLabel's box:
 * there clearly (a share of the picture's pixels, as marks scale with it), elsewhere by JPEG noise alone.
 */
export async function expectChangedOnlyWhereDrawn(
  page: Page,
  original: Buffer,
  marked: Buffer,
  picture: Picture = PHOTO,
): Promise<void> {
  const comparison = await comparePixels(page, original, marked, drawnBox(picture));
  expect(comparison).toMatchObject({
    width: picture.width,
    height: picture.height,
    otherWidth: picture.width,
    otherHeight: picture.height,
  });
  const area = (picture.width * picture.height) / (PHOTO.width * PHOTO.height);
  expect(comparison.changedInside).toBeGreaterThan(5_000 * area);
  expect(comparison.changedOutside).toBe(0);
  expect(comparison.meanOutside).toBeLessThan(2);
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The box around the clearly red pixels (a red label's background) of a picture inside `region`,
 * decoded in the browser; null when there are none.
 */
export async function redBox(page: Page, picture: Buffer, region: Box): Promise<Box | null> {
  return page.evaluate(
    async ({ base64, region }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes]));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      let box: Box | null = null;
      for (let y = region.top; y < Math.min(region.bottom, bitmap.height); y++) {
        for (let x = region.left; x < Math.min(region.right, bitmap.width); x++) {
          const i = (y * width + x) * 4;
          if (data[i]! < 180 || data[i + 1]! > 120 || data[i + 2]! > 120) continue;
          box = box
            ? {
                left: Math.min(box.left, x),
                top: Math.min(box.top, y),
                right: Math.max(box.right, x + 1),
                bottom: Math.max(box.bottom, y + 1),
              }
            : { left: x, top: y, right: x + 1, bottom: y + 1 };
        }
      }
      return box;
    },
    { base64: picture.toString('base64'), region },
  );
}
