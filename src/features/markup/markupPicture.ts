import { carryExif } from '../../upload/photoExif.ts';
import { loadMarkupImage } from './loadMarkupImage.ts';
import type { MarkupPictureReply, MarkupPictureRequest } from './markupPicture.worker.ts';

/** The marks layer drawn at the picture's scale, placed at (x, y) on the picture. */
export interface MarksImage {
  bitmap: ImageBitmap;
  x: number;
  y: number;
}

/**
 * The photo being marked up. The screen shows `screen`, a copy no larger than the screen, so a
 * 12-megapixel photo is not redrawn at every change of the view; the picture itself (upright, within
 * the photo cap) is what the marked copy is made of, at its own size.
 */
export interface MarkupPicture {
  /** The picture's size: the marked copy's, and the marks' coordinates. */
  width: number;
  height: number;
  /** What is drawn first: the picture scaled to fit the screen (the picture itself where it is as small). */
  screen: ImageBitmap;
  /** The picture at its own size, for views zoomed in past the screen's copy. */
  full(): Promise<ImageBitmap>;
  /** The picture in blocks of `block` pixels, one pixel per block (for blurred areas). */
  blocks(block: number): Promise<ImageBitmap>;
  /** The picture with the marks over it as a JPEG at the picture's size. */
  encode(marks: MarksImage | null, quality: number): Promise<Blob>;
  close(): void;
}

/**
 * The picture in coarse blocks, drawn under a blur mark: blocks this large cannot be read back
 * (a soft blur of text or a serial number sometimes can).
 */
export async function mosaicOf(picture: MarkupPicture): Promise<HTMLCanvasElement> {
  const block = Math.max(8, Math.round(Math.max(picture.width, picture.height) / 80));
  const small = await picture.blocks(block);
  const canvas = document.createElement('canvas');
  canvas.width = picture.width;
  canvas.height = picture.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the blurred area.');
  context.imageSmoothingEnabled = false;
  context.drawImage(small, 0, 0, small.width * block, small.height * block);
  small.close();
  return canvas;
}

/** The screen's pixels a picture can fill: the window's, at the device's pixel ratio. */
export function screenPixels(): { width: number; height: number } {
  const ratio = window.devicePixelRatio || 1;
  return { width: Math.round(window.innerWidth * ratio), height: Math.round(window.innerHeight * ratio) };
}

/**
 * Opens a photo for mark-up. Where the browser has module workers with OffscreenCanvas, the decode,
 * the scalings and the marked copy's encode run in a worker of their own (the page only draws the
 * screen's copy and the marks); elsewhere, or when that worker cannot open it, all of it is done on
 * the page as before.
 */
export async function openMarkupPicture(
  image: Blob,
  maxEdgePx: number,
  screen = screenPixels(),
): Promise<MarkupPicture> {
  if (workersHere()) {
    const worker = spare ?? startWorker();
    spare = null;
    if (worker)
      try {
        return keepingFacts(image, await inWorker(worker, image, maxEdgePx, screen));
      } catch {
        worker.terminate();
      }
  }
  return keepingFacts(image, onPage(await loadMarkupImage(image, maxEdgePx)));
}

/**
 * The marked copy keeps the photo's EXIF (when, what, who, the camera's own): a canvas writes none,
 * so it is copied over from the photo, upright and at the copy's size (carryExif).
 */
function keepingFacts(image: Blob, picture: MarkupPicture): MarkupPicture {
  return {
    ...picture,
    encode: async (marks, quality) => carryExif(image, await picture.encode(marks, quality), picture),
  };
}

function workersHere(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
}

/** A worker started ahead of the next open, so that its thread and script are ready for the photo. */
let spare: Worker | null = null;

/**
 * Starts the worker the next photo will be opened in: when the editor's code loads (a "Mark up"
 * button touched or focused) and when an editor closes. Starting one took 0.2-0.4 s of the tablet
 * profile's open (thread, script, module) before the decode began.
 */
export function prepareMarkupWorker(): void {
  if (!spare && workersHere()) spare = startWorker();
}

function startWorker(): Worker | null {
  try {
    return new Worker(new URL('./markupPicture.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

type Answer<T extends MarkupPictureReply['type']> = Extract<MarkupPictureReply, { type: T }>;

async function inWorker(
  worker: Worker,
  image: Blob,
  maxEdgePx: number,
  screen: { width: number; height: number },
): Promise<MarkupPicture> {
  let next = 0;
  const waiting = new Map<number, { resolve(reply: MarkupPictureReply): void; reject(error: Error): void }>();
  let broken: Error | null = null;
  worker.onmessage = (event: MessageEvent<MarkupPictureReply>) => {
    const reply = event.data;
    const request = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.type === 'error') request?.reject(new Error(reply.message));
    else request?.resolve(reply);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    broken = new Error('The picture worker stopped.');
    for (const request of waiting.values()) request.reject(broken);
    waiting.clear();
  };
  const ask = <T extends MarkupPictureReply['type']>(
    request: MarkupPictureRequest,
    transfer: Transferable[] = [],
  ): Promise<Answer<T>> => {
    if (broken) return Promise.reject(broken);
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (reply: MarkupPictureReply) => void, reject });
      worker.postMessage({ ...request, id }, transfer);
    });
  };

  const opened = await ask<'opened'>({ type: 'open', image, maxEdgePx, screen });
  const size = { width: opened.width, height: opened.height };
  let full: Promise<ImageBitmap> | null = null;
  let closed = false;
  return {
    ...size,
    screen: opened.screen,
    full: () => (full ??= ask<'picture'>({ type: 'picture' }).then(({ picture }) => picture)),
    blocks: (block) => ask<'mosaic'>({ type: 'mosaic', block }).then(({ mosaic }) => mosaic),
    encode: async (marks, quality) => {
      try {
        const { jpeg } = await ask<'encoded'>(
          { type: 'encode', marks, quality },
          marks ? [marks.bitmap] : [],
        );
        return jpeg;
      } catch {
        // The worker could not: the picture is decoded again and the copy made on the page.
        const picture = await loadMarkupImage(image, maxEdgePx);
        try {
          return await encodeOnPage(picture, marks, quality);
        } finally {
          picture.close();
        }
      }
    },
    close: () => {
      if (closed) return;
      closed = true;
      worker.terminate();
      prepareMarkupWorker();
      opened.screen.close();
      void full?.then(
        (bitmap) => bitmap.close(),
        () => undefined,
      );
    },
  };
}

/** Everything on the page: the decoded picture is also the screen's copy. */
function onPage(picture: ImageBitmap): MarkupPicture {
  return {
    width: picture.width,
    height: picture.height,
    screen: picture,
    full: () => Promise.resolve(picture),
    blocks: (block) =>
      createImageBitmap(picture, {
        resizeWidth: Math.ceil(picture.width / block),
        resizeHeight: Math.ceil(picture.height / block),
        resizeQuality: 'medium',
      }),
    encode: (marks, quality) => encodeOnPage(picture, marks, quality),
    close: () => picture.close(),
  };
}

/** The picture and the marks laid one over the other on a canvas of the picture's size, encoded here. */
async function encodeOnPage(picture: ImageBitmap, marks: MarksImage | null, quality: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = picture.width;
  canvas.height = picture.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the marked copy.');
  context.drawImage(picture, 0, 0);
  if (marks) context.drawImage(marks.bitmap, marks.x, marks.y);
  marks?.bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the JPEG.'))),
      'image/jpeg',
      quality,
    ),
  );
}
