import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameThumbnailOffThread } from './frameThumbnail.ts';

const video = (videoWidth: number, videoHeight: number) =>
  ({ videoWidth, videoHeight }) as unknown as HTMLVideoElement;

/** The browser's off-thread copy and encode, as far as the thumbnail uses them. */
function offThreadBrowser() {
  const bitmap = { close: vi.fn() };
  const drawn: unknown[] = [];
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => bitmap),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return { drawImage: (image: unknown) => drawn.push(image) };
      }
      async convertToBlob(options: { type: string }) {
        return new Blob(['jpeg'], { type: options.type });
      }
    },
  );
  return { bitmap, drawn };
}

afterEach(() => vi.unstubAllGlobals());

describe('frameThumbnailOffThread', () => {
  it("copies the frame's middle at 4:3, scaled to 192×144 by the browser, and gives it as a JPEG data URL", async () => {
    const { bitmap, drawn } = offThreadBrowser();
    const thumbnail = await frameThumbnailOffThread(video(1280, 720));
    // A 16:9 frame: its middle 960×720, as the strip's object-fit: cover shows it.
    expect(createImageBitmap).toHaveBeenCalledWith(expect.anything(), 160, 0, 960, 720, {
      resizeWidth: 192,
      resizeHeight: 144,
      resizeQuality: 'medium',
    });
    expect(drawn).toEqual([bitmap]);
    expect(bitmap.close).toHaveBeenCalled();
    expect(thumbnail).toBe(`data:image/jpeg;base64,${btoa('jpeg')}`);
  });

  it('gives nothing while the camera shows no picture yet, or when the copy fails', async () => {
    offThreadBrowser();
    expect(await frameThumbnailOffThread(video(0, 0))).toBeNull();
    vi.mocked(createImageBitmap).mockRejectedValueOnce(new DOMException('gone', 'InvalidStateError'));
    expect(await frameThumbnailOffThread(video(640, 480))).toBeNull();
  });
});
