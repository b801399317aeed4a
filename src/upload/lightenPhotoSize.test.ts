import { afterEach, describe, expect, it, vi } from 'vitest';
import { heifPixelSize, jpegPixelSize, MAX_LIGHTEN_PIXELS } from './lightenPhotoSize.ts';
import { lightenPhotoInWorker } from './lightenPhotoInWorker.ts';
import { createQueueWorld } from '../test/uploadQueue.ts';

/** The start of a JPEG: SOI, an EXIF segment of `exifBytes`, then a progressive frame header. */
function jpegHeader(width: number, height: number, exifBytes = 2000): Uint8Array<ArrayBuffer> {
  const exif = [
    0xff,
    0xe1,
    (exifBytes + 2) >> 8,
    (exifBytes + 2) & 0xff,
    ...new Array<number>(exifBytes).fill(0),
  ];
  const frame = [0xff, 0xc2, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03];
  return new Uint8Array([0xff, 0xd8, ...exif, ...frame, ...new Array<number>(64).fill(0)]);
}

/** An 'ispe' property box as a HEIC's header carries it. */
function ispe(width: number, height: number): number[] {
  const box = new Uint8Array(20);
  const view = new DataView(box.buffer);
  view.setUint32(0, 20);
  box.set([0x69, 0x73, 0x70, 0x65], 4);
  view.setUint32(12, width);
  view.setUint32(16, height);
  return [...box];
}

const settings = () => ({ maxEdgePx: 2560, jpegQuality: 0.85 });

afterEach(() => vi.unstubAllGlobals());

describe("a photo's size from its header", () => {
  it('reads a JPEG frame size after its metadata', () => {
    expect(jpegPixelSize(jpegHeader(16000, 16000))).toEqual({ width: 16000, height: 16000 });
    expect(jpegPixelSize(jpegHeader(4032, 3024, 60_000))).toEqual({ width: 4032, height: 3024 });
    expect(jpegPixelSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it("reads a HEIC's picture size, not its tiles'", () => {
    const header = new Uint8Array([0, 0, 0, 24, ...ispe(512, 512), ...ispe(16000, 12000), ...ispe(320, 240)]);
    expect(heifPixelSize(header)).toEqual({ width: 16000, height: 12000 });
  });
});

describe('lightening a photo too large to decode', () => {
  it('sends it as it is, saying why, without decoding it', async () => {
    const worker = vi.fn();
    vi.stubGlobal('Worker', worker);
    const prepare = lightenPhotoInWorker(settings);
    const huge = new File([jpegHeader(16000, 16000)], 'scan.jpg', { type: 'image/jpeg' });
    expect(16000 * 16000).toBeGreaterThan(MAX_LIGHTEN_PIXELS);

    await expect(prepare(huge, 'scan.jpg', new AbortController().signal)).rejects.toThrow(
      'It is too large to make lighter on this tablet (16000 × 16000 pixels).',
    );
    expect(worker).not.toHaveBeenCalled();

    const world = createQueueWorld();
    const queue = world.makeQueue({ prepare, maxUploadBytes: () => 10_000_000 });
    queue.add([huge], { entityId: 7, label: 'Part 1', record: { kind: 'part', id: 1 } });
    await vi.waitFor(() => expect(queue.getSnapshot()[0]?.state).toBe('attached'));
    expect(queue.getSnapshot()[0]).toMatchObject({
      filename: 'scan.jpg',
      size: huge.size,
      lighteningFailed: 'It is too large to make lighter on this tablet (16000 × 16000 pixels).',
    });
    expect(worker).not.toHaveBeenCalled();
  });
});
