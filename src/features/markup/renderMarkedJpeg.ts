import type Konva from 'konva';

export const markedJpegQuality = 0.92;

/**
 * The picture with its marks as a JPEG at the picture's own size (already within the photo cap),
 * drawn by the same stage the technician sees: the view's zoom and the selection layer are set
 * aside for the moment of drawing.
 */
export async function renderMarkedJpeg(
  stage: Konva.Stage,
  onScreenOnly: Konva.Layer,
  size: { width: number; height: number },
): Promise<Blob> {
  const view = { x: stage.x(), y: stage.y(), scaleX: stage.scaleX(), scaleY: stage.scaleY() };
  const wasVisible = onScreenOnly.visible();
  onScreenOnly.visible(false);
  stage.setAttrs({ x: 0, y: 0, scaleX: 1, scaleY: 1 });
  let canvas: HTMLCanvasElement;
  try {
    canvas = stage.toCanvas({ x: 0, y: 0, width: size.width, height: size.height, pixelRatio: 1 });
  } finally {
    stage.setAttrs(view);
    onScreenOnly.visible(wasVisible);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the JPEG.'))),
      'image/jpeg',
      markedJpegQuality,
    ),
  );
}
