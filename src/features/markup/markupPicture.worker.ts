import { scaledSize } from '../../upload/lightenPolicy.ts';

/** Opens a photo: decoded upright, brought within the cap, and a copy the size of the screen. */
export interface OpenRequest {
  type: 'open';
  image: Blob;
  maxEdgePx: number;
  /** The screen's pixels the picture is first shown in (the stage's size times the pixel ratio). */
  screen: { width: number; height: number };
}

/** The marks drawn over the picture and the whole encoded as a JPEG at the picture's size. */
export interface EncodeRequest {
  type: 'encode';
  /** The marks layer, transparent around them, drawn at the picture's scale; null without marks. */
  marks: { bitmap: ImageBitmap; x: number; y: number } | null;
  quality: number;
}

/** The picture in blocks of `block` pixels (one pixel per block), for blurred areas. */
export interface MosaicRequest {
  type: 'mosaic';
  block: number;
}

/** A copy of the picture at its own size, for the page to show when zoomed in past the screen copy. */
export interface PictureRequest {
  type: 'picture';
}

export type MarkupPictureRequest = OpenRequest | EncodeRequest | MosaicRequest | PictureRequest;

type Answer =
  | { type: 'opened'; width: number; height: number; screen: ImageBitmap }
  | { type: 'encoded'; jpeg: Blob }
  | { type: 'mosaic'; mosaic: ImageBitmap }
  | { type: 'picture'; picture: ImageBitmap }
  | { type: 'error'; message: string };

/** Each answer carries the number its request was sent with. */
export type MarkupPictureReply = Answer & { id: number };

/**
 * The mark-up editor's picture, kept off the page's thread: the decode, both scalings, the blur
 * blocks and the JPEG encode of the marked copy run here, so the page only draws what the screen
 * shows. One worker per editor; it holds the picture at its saved size until it is terminated.
 */
let picture: Promise<ImageBitmap> | null = null;

async function open({ image, maxEdgePx, screen }: OpenRequest): Promise<Answer> {
  const full = await createImageBitmap(image, { imageOrientation: 'from-image' });
  const size = scaledSize(full.width, full.height, maxEdgePx);
  const fits = Math.min(1, screen.width / size.width, screen.height / size.height);
  const shown = scaledSize(size.width, size.height, Math.max(size.width, size.height) * fits);
  // The screen's copy first (what the technician waits for); the picture at its saved size is made
  // after it, while the page draws, and every later request waits for it.
  // 'medium' (filtered mipmaps) is what a screen shows a scaled photo with; the picture gets 'high'.
  const screenCopy = await createImageBitmap(full, {
    resizeWidth: shown.width,
    resizeHeight: shown.height,
    resizeQuality: 'medium',
  });
  picture =
    size.width === full.width && size.height === full.height
      ? Promise.resolve(full)
      : createImageBitmap(full, {
          resizeWidth: size.width,
          resizeHeight: size.height,
          resizeQuality: 'high',
        }).finally(() => full.close());
  return { type: 'opened', width: size.width, height: size.height, screen: screenCopy };
}

function opened(): Promise<ImageBitmap> {
  if (!picture) throw new Error('No picture is open.');
  return picture;
}

async function encode({ marks, quality }: EncodeRequest): Promise<Answer> {
  try {
    const shown = await opened();
    const canvas = new OffscreenCanvas(shown.width, shown.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw in a worker.');
    context.drawImage(shown, 0, 0);
    if (marks) context.drawImage(marks.bitmap, marks.x, marks.y);
    return { type: 'encoded', jpeg: await canvas.convertToBlob({ type: 'image/jpeg', quality }) };
  } finally {
    marks?.bitmap.close();
  }
}

async function answer(request: MarkupPictureRequest): Promise<Answer> {
  switch (request.type) {
    case 'open':
      return open(request);
    case 'encode':
      return encode(request);
    case 'mosaic': {
      const shown = await opened();
      const mosaic = await createImageBitmap(shown, {
        resizeWidth: Math.ceil(shown.width / request.block),
        resizeHeight: Math.ceil(shown.height / request.block),
        resizeQuality: 'medium',
      });
      return { type: 'mosaic', mosaic };
    }
    case 'picture':
      return { type: 'picture', picture: await createImageBitmap(await opened()) };
  }
}

self.onmessage = async (event: MessageEvent<MarkupPictureRequest & { id: number }>) => {
  let reply: MarkupPictureReply;
  try {
    reply = { ...(await answer(event.data)), id: event.data.id };
  } catch (error) {
    reply = {
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      id: event.data.id,
    };
  }
  const transfer =
    reply.type === 'opened'
      ? [reply.screen]
      : reply.type === 'mosaic'
        ? [reply.mosaic]
        : reply.type === 'picture'
          ? [reply.picture]
          : [];
  self.postMessage(reply, { transfer });
};
