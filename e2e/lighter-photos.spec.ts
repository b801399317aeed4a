import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { PNG_BYTES, pdfBytes } from './records-support.ts';
import { dropInPage } from './photo-support.ts';
import { clientCredentialsToken, gql } from '../sandbox/test/harness.ts';

/** A name no other test uses. */
const unique = (base: string, extension: string) =>
  `${base}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.${extension}`;

/** Run step 3's attachment called `filename`, with its stored bytes. */
async function storedFile(filename: string): Promise<{ contentType: string | null; bytes: Buffer }> {
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(
    SANDBOX_URL,
    token,
    `query ($id: ID!) { runStep(id: $id) { entity { fileAttachments { filename contentType downloadUrl } } } }`,
    { id: '3' },
  );
  const found = (
    result.data?.runStep.entity.fileAttachments as {
      filename: string;
      contentType: string | null;
      downloadUrl: string;
    }[]
  ).find((a) => a.filename === filename);
  if (!found) throw new Error(`${filename} is not attached to run step 3`);
  const response = await fetch(found.downloadUrl);
  return { contentType: found.contentType, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Width, height and the colour at the top and bottom middle of an image, decoded by the browser. */
async function look(page: Page, bytes: Buffer) {
  return page.evaluate(async (base64) => {
    // Handed over as base64: a list of millions of numbers takes the page a minute to parse.
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes]));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const colour = (y: number) => {
      const [r, , b] = context.getImageData(bitmap.width / 2, y, 1, 1).data;
      return r! > b! ? 'red' : 'blue';
    };
    return {
      width: bitmap.width,
      height: bitmap.height,
      top: colour(20),
      bottom: colour(bitmap.height - 20),
    };
  }, bytes.toString('base64'));
}

test.describe('lighter photos', () => {
  test('a large sideways JPEG arrives upright and within the size limit; a PNG and a PDF arrive untouched', async ({
    page,
  }) => {
    await signIn(page, '/run-steps/3');
    const photo = unique('IMG', 'jpg');
    const png = unique('screenshot', 'png');
    const pdf = unique('drawing', 'pdf');
    await dropInPage(page, [
      { name: photo, photo: true },
      { name: png, bytes: [...PNG_BYTES], type: 'image/png' },
      { name: pdf, bytes: [...pdfBytes()], type: 'application/pdf' },
    ]);
    const row = page.getByRole('listitem', { name: `${photo}: Attached` });
    await expect(row).toBeVisible();
    await expect(row.getByText(/^\d+(\.\d)? MB → \d+(\.\d)? (MB|KB)$/)).toBeVisible();
    await expect(page.getByRole('listitem', { name: `${png}: Attached` })).toBeVisible();
    await expect(page.getByRole('listitem', { name: `${pdf}: Attached` })).toBeVisible();

    const stored = await storedFile(photo);
    expect(stored.contentType).toBe('image/jpeg');
    expect(await look(page, stored.bytes)).toEqual({ width: 1920, height: 2560, top: 'red', bottom: 'blue' });
    expect((await storedFile(png)).bytes.equals(PNG_BYTES)).toBe(true);
    expect((await storedFile(pdf)).bytes.equals(pdfBytes())).toBe(true);
  });

  test('a HEIC photo arrives as a JPEG named .jpg, scaled within the size limit, its picture intact', async ({
    page,
  }) => {
    // An 8-megapixel HEIC (red top half, blue bottom half) made with libheif's heif-enc: see files/README.md.
    const heic = readFileSync(new URL('./files/red-over-blue-3200x2400.heic', import.meta.url));
    await signIn(page, '/run-steps/3');
    const photo = unique('IMG', 'heic');
    const jpeg = photo.replace(/\.heic$/, '.jpg');
    // Dropped as browsers often hand HEIC over: with no type, known by its name alone.
    await dropInPage(page, [{ name: photo, bytes: [...heic], type: '' }]);
    // Converted (libheif in the worker, the slow part), the row takes the JPEG's name; then it is sent.
    await expect(page.getByRole('listitem', { name: new RegExp(`^${jpeg}: `) })).toBeVisible();
    const row = page.getByRole('listitem', { name: `${jpeg}: Attached` });
    await expect(row).toBeVisible();
    await expect(row.getByText(/^\d+(\.\d)? (MB|KB) → \d+(\.\d)? (MB|KB)$/)).toBeVisible();

    const stored = await storedFile(jpeg);
    expect(stored.contentType).toBe('image/jpeg');
    // JPEG's start-of-image marker, then the picture as a browser decodes it.
    expect([...stored.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await look(page, stored.bytes)).toEqual({ width: 2560, height: 1920, top: 'red', bottom: 'blue' });
    // The HEIC itself was never attached besides.
    await expect(storedFile(photo)).rejects.toThrow('is not attached');
  });

  test('Send original sends the photo as it was taken', async ({ page }) => {
    // The lighter copy's PUT is held until the technician has chosen; the original's goes through.
    let held = true;
    await page.route(
      (url) => url.origin === new URL(SANDBOX_URL).origin,
      (route) => (route.request().method() === 'PUT' && held ? undefined : route.fallback()),
    );
    await signIn(page, '/run-steps/3');
    const photo = unique('IMG', 'jpg');
    await dropInPage(page, [{ name: photo, photo: true }]);
    const row = page.getByRole('listitem', { name: new RegExp(`^${photo}: Uploading`) });
    await expect(row.getByText(/ → /)).toBeVisible();
    held = false;
    await row.getByRole('button', { name: `Send the original of ${photo}` }).click();
    const sent = page.getByRole('listitem', { name: `${photo}: Attached` });
    await expect(sent).toBeVisible();
    await expect(sent.getByText(/ → /)).toBeHidden();

    const stored = await storedFile(photo);
    expect(await look(page, stored.bytes)).toEqual({ width: 3000, height: 4000, top: 'red', bottom: 'blue' });
  });
});
