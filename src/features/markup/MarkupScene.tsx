import { getStroke } from 'perfect-freehand';
import { Arrow, Ellipse, Image as KonvaImage, Label, Line, Rect, Tag, Text } from './konvaParts.ts';
import type { Shape } from './markupShapes.ts';

/** Dark text on light label colours and light text on dark ones. */
function textOn(color: string): string {
  const n = parseInt(color.slice(1), 16);
  const luminance = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luminance > 140 ? '#000000' : '#ffffff';
}

const labelFont = 'system-ui, sans-serif';

export const labelPadding = (size: number) => Math.round(size * 0.25);

/** The filled outline of a freehand line, tapering like ink (perfect-freehand). */
function inkOutline(points: Shape & { kind: 'ink' }): number[] {
  return getStroke(points.points as [number, number][], {
    size: points.width * 1.6,
    thinning: 0.4,
    smoothing: 0.5,
    streamline: 0.4,
  }).flat();
}

/** One mark, drawn in the picture's pixels; the same nodes are drawn on screen and into the saved JPEG. */
export function ShapeNode({ shape, mosaic }: { shape: Shape; mosaic: HTMLCanvasElement | null }) {
  switch (shape.kind) {
    case 'arrow':
      return (
        <Arrow
          points={[...shape.from, ...shape.to]}
          stroke={shape.color}
          fill={shape.color}
          strokeWidth={shape.width}
          pointerLength={shape.width * 4}
          pointerWidth={shape.width * 4}
          lineCap="round"
          lineJoin="round"
          listening={false}
        />
      );
    case 'ellipse':
      return (
        <Ellipse
          x={shape.x + shape.w / 2}
          y={shape.y + shape.h / 2}
          radiusX={shape.w / 2}
          radiusY={shape.h / 2}
          stroke={shape.color}
          strokeWidth={shape.width}
          listening={false}
        />
      );
    case 'rect':
      return (
        <Rect
          x={shape.x}
          y={shape.y}
          width={shape.w}
          height={shape.h}
          stroke={shape.color}
          strokeWidth={shape.width}
          lineJoin="round"
          listening={false}
        />
      );
    case 'ink':
      return <Line points={inkOutline(shape)} closed fill={shape.color} listening={false} />;
    case 'text':
      return (
        <Label x={shape.x} y={shape.y} listening={false}>
          <Tag fill={shape.color} cornerRadius={labelPadding(shape.size)} />
          <Text
            text={shape.text}
            fontSize={shape.size}
            fontStyle="bold"
            fontFamily={labelFont}
            padding={labelPadding(shape.size)}
            fill={textOn(shape.color)}
          />
        </Label>
      );
    case 'blur':
      return mosaic ? (
        <KonvaImage
          image={mosaic}
          x={shape.x}
          y={shape.y}
          width={shape.w}
          height={shape.h}
          crop={{ x: shape.x, y: shape.y, width: shape.w, height: shape.h }}
          listening={false}
        />
      ) : (
        <Rect x={shape.x} y={shape.y} width={shape.w} height={shape.h} fill="#808080" listening={false} />
      );
  }
}

let measuring: CanvasRenderingContext2D | null | undefined;

/** A label's width as Konva will draw it (same font), or a generous guess where text cannot be measured. */
function textWidth(text: string, size: number): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * size * 0.75;
  measuring.font = `bold ${size}px ${labelFont}`;
  return measuring.measureText(text).width;
}

/** The box a mark covers, for picking it with a finger and showing it as selected. */
export function shapeBounds(shape: Shape): { x: number; y: number; w: number; h: number } {
  switch (shape.kind) {
    case 'arrow': {
      const [x1, y1] = shape.from;
      const [x2, y2] = shape.to;
      const pad = shape.width * 2;
      return {
        x: Math.min(x1, x2) - pad,
        y: Math.min(y1, y2) - pad,
        w: Math.abs(x2 - x1) + 2 * pad,
        h: Math.abs(y2 - y1) + 2 * pad,
      };
    }
    case 'ink': {
      const xs = shape.points.map((p) => p[0]);
      const ys = shape.points.map((p) => p[1]);
      const pad = shape.width;
      const x = Math.min(...xs) - pad;
      const y = Math.min(...ys) - pad;
      return { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
    }
    case 'text': {
      const pad = labelPadding(shape.size);
      return {
        x: shape.x,
        y: shape.y,
        w: textWidth(shape.text, shape.size) + 2 * pad,
        h: shape.size + 2 * pad,
      };
    }
    default:
      return { x: shape.x, y: shape.y, w: shape.w, h: shape.h };
  }
}
