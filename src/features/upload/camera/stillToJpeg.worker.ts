/**
 * Encodes a camera still as JPEG off the page: a PNG from `ImageCapture.takePhoto` (decoded here) or a
 * video frame the page grabbed. On the page, `canvas.toBlob` encodes in the page's idle time, which a
 * shot hardly leaves (the shutter's spinner, the strip and the queue rendering, the page's own updates):
 * 70-600 ms after the still on the tablet profile for a 640×480 still, 35-60 ms here.
 */
export interface StillToJpegRequest {
  id: number;
  still: Blob | ImageBitmap;
  quality: number;
}

export type StillToJpegReply = { id: number; jpeg: Blob } | { id: number; error: string };

async function encode({ still, quality }: StillToJpegRequest): Promise<Blob> {
  const bitmap = still instanceof Blob ? await createImageBitmap(still) : still;
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images in the background.');
    context.drawImage(bitmap, 0, 0);
    return await canvas.convertToBlob({ type: 'image/jpeg', quality });
  } finally {
    bitmap.close();
  }
}

self.onmessage = async (event: MessageEvent<StillToJpegRequest>) => {
  const { id } = event.data;
  let reply: StillToJpegReply;
  try {
    reply = { id, jpeg: await encode(event.data) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
