import type Konva from 'konva';
import { Fragment, type RefObject } from 'react';
import { Group, Image as KonvaImage, Layer, Stage } from './konvaParts.ts';
import { drawShape } from './markupShapes.ts';
import { SelectionOverlay } from './SelectionOverlay.tsx';
import type { Shape, Size } from './shapeModel.ts';
import type { View } from './useStageGestures.ts';

interface Props {
  stageRef: RefObject<Konva.Stage | null>;
  /** What is shown on screen only (the selection), left out of the saved JPEG. */
  screenOnlyRef: RefObject<Konva.Group | null>;
  /** The marks, the only part of the stage drawn for the saved JPEG. */
  marksRef: RefObject<Konva.Group | null>;
  area: Size;
  view: View;
  /** The picture's size: what the marks' coordinates are in. */
  picture: Size;
  /**
   * What is drawn of the picture: a copy the size of the screen, or the picture when zoomed in past
   * it; null while the photo decodes.
   */
  bitmap: ImageBitmap | null;
  shapes: readonly Shape[];
  /** The mark being drawn, on top of the others. */
  drawing: Shape | null;
  selected: Shape | undefined;
  mosaic: HTMLCanvasElement | null;
}

/** The picture with its marks, drawn by Konva at the view's zoom; the same stage draws the saved copy's marks. */
export function MarkupStage({
  stageRef,
  screenOnlyRef,
  marksRef,
  area,
  view,
  picture,
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
        {bitmap && <KonvaImage image={bitmap} width={picture.width} height={picture.height} />}
      </Layer>
      {/* One layer (each is two canvases to size) for the marks and, apart from them, the selection. */}
      <Layer listening={false}>
        <Group ref={marksRef}>
          {shapes.map((shape, index) => (
            <Fragment key={index}>{drawShape(shape, mosaic)}</Fragment>
          ))}
          {drawing && drawShape(drawing, mosaic)}
        </Group>
        <Group ref={screenOnlyRef}>
          {selected && <SelectionOverlay shape={selected} scale={view.scale} />}
        </Group>
      </Layer>
    </Stage>
  );
}
