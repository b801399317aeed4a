import type { IntlShape } from 'react-intl';
import { appIntl } from '../../i18n/index.ts';
import { MARKUP_TOOLS, type MarkupTool, type Tool } from './markupTools.tsx';
import type { Box, Handle, HandleName, MarkStyle, Point, Shape, ShapeKind, Size } from './shapeModel.ts';

/**
 * Operations on any mark, each answered by its kind's entry in MARKUP_TOOLS.
 * The table gives every kind its own tool; TypeScript cannot follow that pairing through an index.
 */
function toolOf(shape: Shape): MarkupTool<ShapeKind> {
  return MARKUP_TOOLS[shape.kind] as MarkupTool<ShapeKind>;
}

export function isShapeKind(tool: Tool): tool is ShapeKind {
  return Object.hasOwn(MARKUP_TOOLS, tool);
}

export function moveShape(shape: Shape, dx: number, dy: number, picture: Size): Shape {
  return toolOf(shape).move(shape, dx, dy, picture);
}

/** Shapes drawn on a picture of one size, placed on the same picture at another size. */
export function scaleShapes(shapes: readonly Shape[], sx: number, sy: number): Shape[] {
  if (sx === 1 && sy === 1) return [...shapes];
  const s = Math.sqrt(sx * sy);
  return shapes.map((shape) => toolOf(shape).scale(shape, sx, sy, s));
}

/** The mark a drawing tool starts at a point, before the finger moves. */
export function startShape(kind: ShapeKind, at: Point, style: MarkStyle, picture: Size): Shape {
  return (MARKUP_TOOLS[kind] as MarkupTool<ShapeKind>).start(at, style, picture);
}

/** The mark as the finger moved from where it started (anchor) to `at`. */
export function extendShape(shape: Shape, anchor: Point, at: Point, picture: Size): Shape {
  return toolOf(shape).extend(shape, anchor, at, picture);
}

export function shapeBounds(shape: Shape): Box {
  return toolOf(shape).bounds(shape);
}

export function handlesOf(shape: Shape): Handle[] {
  return toolOf(shape).handles(shape);
}

export function dragHandle(shape: Shape, handle: HandleName, at: Point): Shape {
  return toolOf(shape).dragHandle(shape, handle, at);
}

/** The mark drawn into the picture (on screen and into the saved JPEG). */
export function drawShape(shape: Shape, mosaic: HTMLCanvasElement | null) {
  return toolOf(shape).draw(shape, mosaic);
}

function isShape(value: unknown): value is Shape {
  if (typeof value !== 'object' || value === null) return false;
  const stored = value as Record<string, unknown>;
  return (
    typeof stored.kind === 'string' &&
    Object.hasOwn(MARKUP_TOOLS, stored.kind) &&
    MARKUP_TOOLS[stored.kind as ShapeKind].isValid(stored)
  );
}

/**
 * The shapes of a stored draft that this editor can draw; anything else (a damaged or newer
 * record) is left out rather than breaking the editor.
 */
export function readShapes(stored: readonly unknown[]): Shape[] {
  return stored.filter(isShape);
}

/**
 * Whether a drawing gesture that ended at `at` made a mark: a label is put down by a tap; other marks
 * need the finger to travel `minScreenPixels` (a shorter touch selects, or was a slip).
 */
export function madeMark(shape: Shape, anchor: Point, at: Point, scale: number, minScreenPixels: number) {
  const tool = toolOf(shape);
  return tool.placedByTap || tool.reach(shape, anchor, at) * scale >= minScreenPixels;
}

/** What must be chosen before `kind` can draw, in words; null when nothing is missing. */
export function missingFor(kind: ShapeKind, style: MarkStyle, intl: IntlShape = appIntl()): string | null {
  const missing = MARKUP_TOOLS[kind].missing(style);
  return missing && intl.formatMessage(missing);
}
