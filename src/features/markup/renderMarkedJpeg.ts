import type Konva from 'konva';
import type { MarkupPicture, MarksImage } from './markupPicture.ts';
import type { Size } from './shapeModel.ts';

export const markedJpegQuality = 0.92;

interface MarkedLayers {
  /** The marks: the only part of the stage drawn here, at the picture's scale. */
  marks: Konva.Group;
  /** What is shown on screen only (the selection), left out of the JPEG. */
  screenOnly: Konva.Group;
}

/**
 * The picture with its marks as a JPEG at the picture's own size (already within the photo cap).
 * Only the marks are drawn on the page, by the same stage the technician sees (the view's zoom and
 * the selection set aside for the moment), and only the part of the picture they cover; the
 * picture keeps its own pixels everywhere else. Laying them over the picture and encoding is the
 * picture's (a worker's where the browser has one).
 */
export async function renderMarkedJpeg(
  stage: Konva.Stage,
  layers: MarkedLayers,
  picture: MarkupPicture,
): Promise<Blob> {
  return picture.encode(await drawMarks(stage, layers, picture), markedJpegQuality);
}

/** The marks layer at the picture's scale, cut to what it covers (null when it covers nothing). */
async function drawMarks(
  stage: Konva.Stage,
  { marks, screenOnly }: MarkedLayers,
  picture: Size,
): Promise<MarksImage | null> {
  if (!marks.hasChildren()) return null;
  const view = { x: stage.x(), y: stage.y(), scaleX: stage.scaleX(), scaleY: stage.scaleY() };
  const wasVisible = screenOnly.visible();
  screenOnly.visible(false);
  stage.setAttrs({ x: 0, y: 0, scaleX: 1, scaleY: 1 });
  let canvas: HTMLCanvasElement | null = null;
  let at = { x: 0, y: 0 };
  try {
    const rect = marks.getClientRect();
    // A margin for what a bounding box may leave out (line joins, a label's shadow, antialiasing).
    const margin = Math.ceil(Math.max(picture.width, picture.height) / 100);
    const x = Math.max(0, Math.floor(rect.x - margin));
    const y = Math.max(0, Math.floor(rect.y - margin));
    const right = Math.min(picture.width, Math.ceil(rect.x + rect.width + margin));
    const bottom = Math.min(picture.height, Math.ceil(rect.y + rect.height + margin));
    if (right > x && bottom > y) {
      canvas = marks.toCanvas({ x, y, width: right - x, height: bottom - y, pixelRatio: 1 });
      at = { x, y };
    }
  } finally {
    stage.setAttrs(view);
    screenOnly.visible(wasVisible);
  }
  return canvas ? { bitmap: await createImageBitmap(canvas), ...at } : null;
}
