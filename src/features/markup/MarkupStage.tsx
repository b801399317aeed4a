import type Konva from 'konva';
import { Fragment, type RefObject } from 'react';
import { Image as KonvaImage, Layer, Stage } from './konvaParts.ts';
import { drawShape } from './markupShapes.ts';
import { SelectionOverlay } from './SelectionOverlay.tsx';
import type { Shape, Size } from './shapeModel.ts';
import type { View } from './useStageGestures.ts';

interface Props {
  stageRef: RefObject<Konva.Stage | null>;
  /** The layer shown on screen only (the selection), left out of the saved JPEG. */
  screenOnlyRef: RefObject<Konva.Layer | null>;
  area: Size;
  view: View;
  bitmap: ImageBitmap;
  shapes: readonly Shape[];
  /** The mark being drawn, on top of the others. */
  drawing: Shape | null;
  selected: Shape | undefined;
  mosaic: HTMLCanvasElement | null;
}

/** The picture with its marks, drawn by Konva at the view's zoom; the same stage renders the saved copy. */
export function MarkupStage({
  stageRef,
  screenOnlyRef,
  area,
  view,
  bitmap,
  shapes,
  drawing,
  selected,
  mosaic,
}: Props) {
  return (
    <Stage
      ref={stageRef}
      width={area.width}
      height={area.height}
      scaleX={view.scale}
      scaleY={view.scale}
      x={view.x}
      y={view.y}
      listening={false}
    >
      <Layer listening={false}>
        <KonvaImage image={bitmap} width={bitmap.width} height={bitmap.height} />
      </Layer>
      <Layer listening={false}>
        {shapes.map((shape, index) => (
          <Fragment key={index}>{drawShape(shape, mosaic)}</Fragment>
        ))}
        {drawing && drawShape(drawing, mosaic)}
      </Layer>
      <Layer ref={screenOnlyRef} listening={false}>
        {selected && <SelectionOverlay shape={selected} scale={view.scale} />}
      </Layer>
    </Stage>
  );
}
