import type { Page } from '@playwright/test';

/**
 * Drops files made in the page: `photo` is a 4000×3000 JPEG (noise, so it does not compress to
 * nothing) stored sideways, left half red and right half blue, with EXIF orientation 6 (turn 90°
 * clockwise to view): upright it is red on top, blue below.
 */
export async function dropInPage(
  page: Page,
  files: { name: string; photo?: true; bytes?: number[]; type?: string }[],
) {
  const transfer = await page.evaluateHandle(async (specs) => {
    const sidewaysPhoto = async () => {
      const canvas = new OffscreenCanvas(4000, 3000);
      const context = canvas.getContext('2d')!;
      const image = context.createImageData(4000, 3000);
      for (let i = 0; i < image.data.length; i += 4) {
        const left = (i / 4) % 4000 < 2000;
        const noise = Math.random() * 40;
        image.data[i] = left ? 200 + noise : noise;
        image.data[i + 1] = noise;
        image.data[i + 2] = left ? noise : 200 + noise;
        image.data[i + 3] = 255;
      }
      context.putImageData(image, 0, 0);
      const jpeg = new Uint8Array(
        await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 })).arrayBuffer(),
      );
      // APP1 "Exif", big-endian TIFF, one IFD entry: Orientation (0x0112) SHORT = 6.
      const exif = [
        0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00,
        0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00,
      ];
      return new Uint8Array([...jpeg.subarray(0, 2), ...exif, ...jpeg.subarray(2)]);
    };
    const dataTransfer = new DataTransfer();
    for (const spec of specs) {
      const bytes = spec.photo ? await sidewaysPhoto() : new Uint8Array(spec.bytes!);
      dataTransfer.items.add(new File([bytes], spec.name, { type: spec.photo ? 'image/jpeg' : spec.type! }));
    }
    return dataTransfer;
  }, files);
  const target = page.getByRole('heading', { level: 1 });
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}
