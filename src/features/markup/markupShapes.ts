/** What a technician can draw on a photo, as plain data in the picture's own pixels. */

export type Point = readonly [number, number];

interface Stroke {
  color: string;
  /** Line width in the picture's pixels. */
  width: number;
}

export type Shape =
  | ({ kind: 'arrow'; from: Point; to: Point } & Stroke)
  | ({ kind: 'ellipse' | 'rect'; x: number; y: number; w: number; h: number } & Stroke)
  | ({ kind: 'ink'; points: readonly Point[] } & Stroke)
  | { kind: 'text'; x: number; y: number; text: string; color: string; size: number }
  | { kind: 'blur'; x: number; y: number; w: number; h: number };

export type ShapeKind = Shape['kind'];

/** High-contrast colours that stay visible on metal, paint and composite, named for screen readers. */
export const markupColors = [
  { name: 'Red', value: '#ff2d2d' },
  { name: 'Yellow', value: '#ffe600' },
  { name: 'Cyan', value: '#00e5ff' },
  { name: 'White', value: '#ffffff' },
  { name: 'Black', value: '#000000' },
] as const;

/** Line widths as a share of the picture's long edge, so a mark looks the same on any photo. */
export const markupWidths = [
  { name: 'Thin', share: 0.004 },
  { name: 'Medium', share: 0.008 },
  { name: 'Thick', share: 0.014 },
] as const;

export const labelPresets = ['crack', 'FOD', 'missing', 'torque stripe'] as const;

export function strokeWidth(share: number, width: number, height: number): number {
  return Math.max(2, Math.round(share * Math.max(width, height)));
}

/** Label text height for a line width: readable on the photo at a glance. */
export function labelSize(stroke: number): number {
  return Math.round(stroke * 5);
}

export function colorName(value: string): string {
  return markupColors.find((color) => color.value === value)?.name ?? 'Custom colour';
}

/** The words a screen reader says for one mark. */
export function describeShape(shape: Shape): string {
  switch (shape.kind) {
    case 'arrow':
      return `${colorName(shape.color)} arrow`;
    case 'ellipse':
      return `${colorName(shape.color)} circle`;
    case 'rect':
      return `${colorName(shape.color)} rectangle`;
    case 'ink':
      return `${colorName(shape.color)} freehand line`;
    case 'text':
      return `${colorName(shape.color)} label “${shape.text}”`;
    case 'blur':
      return 'Blurred area';
  }
}

export function moveShape(shape: Shape, dx: number, dy: number): Shape {
  const by = ([x, y]: Point): Point => [x + dx, y + dy];
  switch (shape.kind) {
    case 'arrow':
      return { ...shape, from: by(shape.from), to: by(shape.to) };
    case 'ink':
      return { ...shape, points: shape.points.map(by) };
    default:
      return { ...shape, x: shape.x + dx, y: shape.y + dy };
  }
}

function scalePoint([x, y]: Point, sx: number, sy: number): Point {
  return [x * sx, y * sy];
}

/** Shapes drawn on a picture of one size, placed on the same picture at another size. */
export function scaleShapes(shapes: readonly Shape[], sx: number, sy: number): Shape[] {
  if (sx === 1 && sy === 1) return [...shapes];
  const s = Math.sqrt(sx * sy);
  return shapes.map((shape): Shape => {
    switch (shape.kind) {
      case 'arrow':
        return {
          ...shape,
          from: scalePoint(shape.from, sx, sy),
          to: scalePoint(shape.to, sx, sy),
          width: shape.width * s,
        };
      case 'ink':
        return { ...shape, points: shape.points.map((p) => scalePoint(p, sx, sy)), width: shape.width * s };
      case 'text':
        return { ...shape, x: shape.x * sx, y: shape.y * sy, size: shape.size * s };
      case 'blur':
        return { ...shape, x: shape.x * sx, y: shape.y * sy, w: shape.w * sx, h: shape.h * sy };
      default:
        return {
          ...shape,
          x: shape.x * sx,
          y: shape.y * sy,
          w: shape.w * sx,
          h: shape.h * sy,
          width: shape.width * s,
        };
    }
  });
}

/** A rectangle from two corners in any order. */
export function boxBetween(a: Point, b: Point): { x: number; y: number; w: number; h: number } {
  return {
    x: Math.min(a[0], b[0]),
    y: Math.min(a[1], b[1]),
    w: Math.abs(b[0] - a[0]),
    h: Math.abs(b[1] - a[1]),
  };
}

/** The mark a drawing tool starts at a point, before the finger moves; null for tools that draw nothing. */
export function startShape(tool: string, at: Point, color: string, width: number): Shape | null {
  switch (tool) {
    case 'arrow':
      return { kind: 'arrow', from: at, to: at, color, width };
    case 'ellipse':
    case 'rect':
      return { kind: tool, x: at[0], y: at[1], w: 0, h: 0, color, width };
    case 'ink':
      return { kind: 'ink', points: [at], color, width };
    case 'blur':
      return { kind: 'blur', x: at[0], y: at[1], w: 0, h: 0 };
    default:
      return null;
  }
}

/** The mark as the finger moved from where it started (anchor) to `at`. */
export function extendShape(shape: Shape, anchor: Point, at: Point): Shape {
  switch (shape.kind) {
    case 'arrow':
      return { ...shape, to: at };
    case 'ink':
      return { ...shape, points: [...shape.points, at] };
    case 'text':
      return shape;
    default:
      return { ...shape, ...boxBetween(anchor, at) };
  }
}

/** How far a freehand line reaches (a closed loop ends where it began but is not a tap). */
export function inkExtent(points: readonly Point[]): number {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

const isNum = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isPoint = (value: unknown): value is Point =>
  Array.isArray(value) && value.length === 2 && isNum(value[0]) && isNum(value[1]);
const isColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
const isBox = (v: Record<string, unknown>) => isNum(v.x) && isNum(v.y) && isNum(v.w) && isNum(v.h);

function isShape(value: unknown): value is Shape {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const stroke = isColor(v.color) && isNum(v.width) && (v.width as number) > 0;
  switch (v.kind) {
    case 'arrow':
      return stroke && isPoint(v.from) && isPoint(v.to);
    case 'ellipse':
    case 'rect':
      return stroke && isBox(v);
    case 'ink':
      return stroke && Array.isArray(v.points) && v.points.every(isPoint);
    case 'text':
      return isNum(v.x) && isNum(v.y) && typeof v.text === 'string' && isColor(v.color) && isNum(v.size);
    case 'blur':
      return isBox(v);
    default:
      return false;
  }
}

/**
 * The shapes of a stored draft that this editor can draw; anything else (a damaged or newer
 * record) is left out rather than breaking the editor.
 */
export function readShapes(stored: readonly unknown[]): Shape[] {
  return stored.filter(isShape);
}

/** A point of a mark that can be dragged to reshape it: an arrow's ends, a box's far corner. */
export type HandleName = 'from' | 'to' | 'corner';

export function handlesOf(shape: Shape): { name: HandleName; at: Point }[] {
  switch (shape.kind) {
    case 'arrow':
      return [
        { name: 'from', at: shape.from },
        { name: 'to', at: shape.to },
      ];
    case 'ellipse':
    case 'rect':
    case 'blur':
      return [{ name: 'corner', at: [shape.x + shape.w, shape.y + shape.h] }];
    default:
      return [];
  }
}

export function dragHandle(shape: Shape, handle: HandleName, at: Point): Shape {
  if (shape.kind === 'arrow') return handle === 'corner' ? shape : { ...shape, [handle]: at };
  if (shape.kind === 'ellipse' || shape.kind === 'rect' || shape.kind === 'blur') {
    return { ...shape, w: Math.max(1, at[0] - shape.x), h: Math.max(1, at[1] - shape.y) };
  }
  return shape;
}
