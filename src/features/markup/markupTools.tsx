import { getStroke } from 'perfect-freehand';
import type { ReactNode } from 'react';
import { defineMessage, type MessageDescriptor } from 'react-intl';
import { Arrow, Ellipse, Image as KonvaImage, Label, Line, Rect, Tag, Text } from './konvaParts.ts';
import {
  boxBetween,
  inkExtent,
  insidePicture,
  isBox,
  isColor,
  isNum,
  isPoint,
  isStroke,
  labelPadding,
  labelSize,
  type Box,
  type Handle,
  type HandleName,
  type MarkStyle,
  type Point,
  type ShapeKind,
  type ShapeOf,
  type Size,
} from './shapeModel.ts';

/**
 * The mark-up tools, one entry per kind of mark: how each draws, moves and keeps its marks. The
 * table is checked against ShapeKind, as are the tools' icons and words (markupToolFaces.ts), so the
 * compiler names anything a new kind of mark (its type in shapeModel.ts) leaves out.
 */
export interface MarkupTool<K extends ShapeKind> {
  /** What must be chosen before it can draw, in words; null when nothing is missing. */
  missing(style: MarkStyle): MessageDescriptor | null;
  /** The mark a finger coming down at `at` starts. */
  start(at: Point, style: MarkStyle, picture: Size): ShapeOf<K>;
  /** The mark as the finger moved from where it came down (`anchor`) to `at`. */
  extend(shape: ShapeOf<K>, anchor: Point, at: Point, picture: Size): ShapeOf<K>;
  /** How far a drawing reaches, in picture pixels: a tap reaches (almost) nowhere. */
  reach(shape: ShapeOf<K>, anchor: Point, at: Point): number;
  /** A tap makes the mark (a label goes where it is put); other marks need a drag. */
  placedByTap: boolean;
  move(shape: ShapeOf<K>, dx: number, dy: number, picture: Size): ShapeOf<K>;
  /** The mark drawn on a picture of one size, on the same picture at another size (s: the mean factor). */
  scale(shape: ShapeOf<K>, sx: number, sy: number, s: number): ShapeOf<K>;
  /** The box it covers, for picking it with a finger and showing it as selected. */
  bounds(shape: ShapeOf<K>): Box;
  handles(shape: ShapeOf<K>): Handle[];
  dragHandle(shape: ShapeOf<K>, handle: HandleName, at: Point): ShapeOf<K>;
  /** Whether stored data of this kind is a whole mark (a damaged or newer record is left out). */
  isValid(stored: Record<string, unknown>): boolean;
  /** The mark in the picture's pixels: the same nodes are drawn on screen and into the saved JPEG. */
  draw(shape: ShapeOf<K>, mosaic: HTMLCanvasElement | null): ReactNode;
}

const labelMissing = defineMessage({ defaultMessage: 'Choose a label or type one first.', id: '0ZfJ8j' });

const by = ([x, y]: Point, dx: number, dy: number): Point => [x + dx, y + dy];
const distance = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/** Dark text on light label colours and light text on dark ones. */
function textOn(color: string): string {
  const n = parseInt(color.slice(1), 16);
  const luminance = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luminance > 140 ? '#000000' : '#ffffff';
}

const labelFont = 'system-ui, sans-serif';
let measuring: CanvasRenderingContext2D | null | undefined;

/** A label's width as Konva will draw it (same font), or a generous guess where text cannot be measured. */
function textWidth(text: string, size: number): number {
  if (measuring === undefined) measuring = document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * size * 0.75;
  measuring.font = `bold ${size}px ${labelFont}`;
  return measuring.measureText(text).width;
}

function labelBox(text: string, size: number): { w: number; h: number } {
  const pad = labelPadding(size);
  return { w: textWidth(text, size) + 2 * pad, h: size + 2 * pad };
}

/** A label whose words are whole: inside the picture, a little way from its edges. */
function labelInside(label: ShapeOf<'text'>, corner: Point, picture: Size): ShapeOf<'text'> {
  const margin = labelPadding(label.size) / 2;
  const [x, y] = insidePicture(corner, labelBox(label.text, label.size), picture, margin);
  return { ...label, x, y };
}

/** A label centred on a point, kept inside the picture. */
function labelAt(label: ShapeOf<'text'>, at: Point, picture: Size): ShapeOf<'text'> {
  const { w, h } = labelBox(label.text, label.size);
  return labelInside(label, [at[0] - w / 2, at[1] - h / 2], picture);
}

/** The filled outline of a freehand line, tapering like ink (perfect-freehand). */
function inkOutline(ink: ShapeOf<'ink'>): number[] {
  return getStroke(ink.points as [number, number][], {
    size: ink.width * 1.6,
    thinning: 0.4,
    smoothing: 0.5,
    streamline: 0.4,
  }).flat();
}

/** A box as Konva places a node or crops an image. */
const konvaBox = ({ x, y, w, h }: Box) => ({ x, y, width: w, height: h });

/** Boxes (circles, rectangles, blurred areas) share their geometry: spread into their tools. */
const boxGeometry = {
  missing: () => null,
  extend: <S extends Box>(shape: S, anchor: Point, at: Point): S => ({ ...shape, ...boxBetween(anchor, at) }),
  reach: (_shape: Box, anchor: Point, at: Point) => distance(anchor, at),
  placedByTap: false,
  move: <S extends Box>(shape: S, dx: number, dy: number): S => ({
    ...shape,
    x: shape.x + dx,
    y: shape.y + dy,
  }),
  scale: <S extends Box>(shape: S, sx: number, sy: number, s: number): S => ({
    ...shape,
    x: shape.x * sx,
    y: shape.y * sy,
    w: shape.w * sx,
    h: shape.h * sy,
    // A line width (circles, rectangles) scales with the picture; a blurred area has none.
    ...('width' in shape && typeof shape.width === 'number' && { width: shape.width * s }),
  }),
  bounds: ({ x, y, w, h }: Box): Box => ({ x, y, w, h }),
  handles: (shape: Box): Handle[] => [{ name: 'corner', at: [shape.x + shape.w, shape.y + shape.h] }],
  dragHandle: <S extends Box>(shape: S, _handle: HandleName, at: Point): S => ({
    ...shape,
    w: Math.max(1, at[0] - shape.x),
    h: Math.max(1, at[1] - shape.y),
  }),
};

/** Circles and rectangles: boxes drawn in the chosen colour and line width, alike but in how they are drawn. */
const strokedBox = <K extends 'ellipse' | 'rect'>(kind: K) => ({
  ...boxGeometry,
  start: (at: Point, { color, width }: MarkStyle) =>
    ({ kind, x: at[0], y: at[1], w: 0, h: 0, color, width }) as ShapeOf<K>,
  isValid: (v: Record<string, unknown>) => isStroke(v) && isBox(v),
});

export const MARKUP_TOOLS = {
  arrow: {
    missing: () => null,
    start: (at, { color, width }) => ({ kind: 'arrow', from: at, to: at, color, width }),
    extend: (shape, _anchor, at) => ({ ...shape, to: at }),
    reach: (_shape, anchor, at) => distance(anchor, at),
    placedByTap: false,
    move: (shape, dx, dy) => ({ ...shape, from: by(shape.from, dx, dy), to: by(shape.to, dx, dy) }),
    scale: (shape, sx, sy, s) => ({
      ...shape,
      from: [shape.from[0] * sx, shape.from[1] * sy],
      to: [shape.to[0] * sx, shape.to[1] * sy],
      width: shape.width * s,
    }),
    bounds: ({ from: [x1, y1], to: [x2, y2], width }) => {
      const pad = width * 2;
      return {
        x: Math.min(x1, x2) - pad,
        y: Math.min(y1, y2) - pad,
        w: Math.abs(x2 - x1) + 2 * pad,
        h: Math.abs(y2 - y1) + 2 * pad,
      };
    },
    handles: (shape) => [
      { name: 'from', at: shape.from },
      { name: 'to', at: shape.to },
    ],
    dragHandle: (shape, handle, at) => (handle === 'corner' ? shape : { ...shape, [handle]: at }),
    isValid: (v) => isStroke(v) && isPoint(v.from) && isPoint(v.to),
    draw: (shape) => (
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
    ),
  },
  ellipse: {
    ...strokedBox('ellipse'),
    draw: (shape) => (
      <Ellipse
        x={shape.x + shape.w / 2}
        y={shape.y + shape.h / 2}
        radiusX={shape.w / 2}
        radiusY={shape.h / 2}
        stroke={shape.color}
        strokeWidth={shape.width}
        listening={false}
      />
    ),
  },
  rect: {
    ...strokedBox('rect'),
    draw: (shape) => (
      <Rect
        {...konvaBox(shape)}
        stroke={shape.color}
        strokeWidth={shape.width}
        lineJoin="round"
        listening={false}
      />
    ),
  },
  ink: {
    missing: () => null,
    start: (at, { color, width }) => ({ kind: 'ink', points: [at], color, width }),
    extend: (shape, _anchor, at) => ({ ...shape, points: [...shape.points, at] }),
    // A closed loop ends where it began but is not a tap.
    reach: (shape) => inkExtent(shape.points),
    placedByTap: false,
    move: (shape, dx, dy) => ({ ...shape, points: shape.points.map((p) => by(p, dx, dy)) }),
    scale: (shape, sx, sy, s) => ({
      ...shape,
      points: shape.points.map(([x, y]): Point => [x * sx, y * sy]),
      width: shape.width * s,
    }),
    bounds: ({ points, width }) => {
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      const x = Math.min(...xs) - width;
      const y = Math.min(...ys) - width;
      return { x, y, w: Math.max(...xs) + width - x, h: Math.max(...ys) + width - y };
    },
    handles: () => [],
    dragHandle: (shape) => shape,
    isValid: (v) => isStroke(v) && Array.isArray(v.points) && v.points.every(isPoint),
    draw: (shape) => <Line points={inkOutline(shape)} closed fill={shape.color} listening={false} />,
  },
  text: {
    missing: ({ text }) => (text.trim() === '' ? labelMissing : null),
    start: (at, { color, width, text }, picture) =>
      labelAt({ kind: 'text', x: 0, y: 0, text: text.trim(), color, size: labelSize(width) }, at, picture),
    // The label follows the finger until it lets go.
    extend: (shape, _anchor, at, picture) => labelAt(shape, at, picture),
    reach: (_shape, anchor, at) => distance(anchor, at),
    placedByTap: true,
    move: (shape, dx, dy, picture) => labelInside(shape, [shape.x + dx, shape.y + dy], picture),
    scale: (shape, sx, sy, s) => ({ ...shape, x: shape.x * sx, y: shape.y * sy, size: shape.size * s }),
    bounds: (shape) => ({ x: shape.x, y: shape.y, ...labelBox(shape.text, shape.size) }),
    handles: () => [],
    dragHandle: (shape) => shape,
    isValid: (v) =>
      isNum(v.x) && isNum(v.y) && typeof v.text === 'string' && isColor(v.color) && isNum(v.size),
    draw: (shape) => (
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
    ),
  },
  blur: {
    ...boxGeometry,
    start: (at) => ({ kind: 'blur', x: at[0], y: at[1], w: 0, h: 0 }),
    isValid: isBox,
    draw: (shape, mosaic) =>
      mosaic ? (
        <KonvaImage image={mosaic} {...konvaBox(shape)} crop={konvaBox(shape)} listening={false} />
      ) : (
        // Until the blocks are ready (or if they cannot be made) a grey box: hidden either way.
        <Rect {...konvaBox(shape)} fill="#808080" listening={false} />
      ),
  },
} satisfies { [K in ShapeKind]: MarkupTool<K> };

/** A toolbar choice: a kind of mark to draw, or Move. */
export type Tool = ShapeKind | 'move';
