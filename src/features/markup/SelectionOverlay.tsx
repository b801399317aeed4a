import { Circle, Rect } from './konvaParts.ts';
import { handlePixels } from './markupGesture.ts';
import { handlesOf, shapeBounds } from './markupShapes.ts';
import type { Shape } from './shapeModel.ts';

/** The selected mark's frame and handles, the same size on screen at any zoom; never saved. */
export function SelectionOverlay({ shape, scale }: { shape: Shape; scale: number }) {
  const box = shapeBounds(shape);
  return (
    <>
      <Rect
        x={box.x}
        y={box.y}
        width={box.w}
        height={box.h}
        stroke="#00e5ff"
        strokeWidth={3 / scale}
        dash={[12 / scale, 8 / scale]}
      />
      {handlesOf(shape).map(({ name, at }) => (
        <Circle
          key={name}
          x={at[0]}
          y={at[1]}
          radius={handlePixels / 2 / scale}
          fill="rgba(0, 229, 255, 0.35)"
          stroke="#ffffff"
          strokeWidth={2 / scale}
        />
      ))}
    </>
  );
}
