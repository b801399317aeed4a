/** What a technician can draw on a photo, as plain data in the picture's own pixels. */

import { defineMessages, type MessageDescriptor } from 'react-intl';

export type Point = readonly [number, number];

export interface Size {
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Stroke {
  color: string;
  /** Line width in the picture's pixels. */
  width: number;
}

export type Shape =
  | ({ kind: 'arrow'; from: Point; to: Point } & Stroke)
  | ({ kind: 'ellipse' } & Box & Stroke)
  | ({ kind: 'rect' } & Box & Stroke)
  | ({ kind: 'ink'; points: readonly Point[] } & Stroke)
  | { kind: 'text'; x: number; y: number; text: string; color: string; size: number }
  | ({ kind: 'blur' } & Box);

export type ShapeKind = Shape['kind'];

export type ShapeOf<K extends ShapeKind> = Extract<Shape, { kind: K }>;

/** A point of a mark that can be dragged to reshape it: an arrow's ends, a box's far corner. */
export type HandleName = 'from' | 'to' | 'corner';

export interface Handle {
  name: HandleName;
  at: Point;
}

/** What the technician has chosen for the next mark. */
export interface MarkStyle {
  color: string;
  /** Line width in the picture's pixels. */
  width: number;
  /** A label's words ('' until chosen). */
  text: string;
}

const COLOR_NAMES = defineMessages({
  red: {
    defaultMessage: 'Red',
    id: 'iVBI4k',
    description: 'A colour of marks drawn on a photo (also as in "Red arrow")',
  },
  yellow: {
    defaultMessage: 'Yellow',
    id: 'bpWhhs',
    description: 'A colour of marks drawn on a photo (also as in "Red arrow")',
  },
  cyan: {
    defaultMessage: 'Cyan',
    id: '4bfauz',
    description: 'A colour of marks drawn on a photo (also as in "Red arrow")',
  },
  white: {
    defaultMessage: 'White',
    id: '1T8Ovk',
    description: 'A colour of marks drawn on a photo (also as in "Red arrow")',
  },
  black: {
    defaultMessage: 'Black',
    id: 'Tlou94',
    description: 'A colour of marks drawn on a photo (also as in "Red arrow")',
  },
  custom: {
    defaultMessage: 'Custom colour',
    id: 'c31VU1',
    description: 'A colour of marks drawn on a photo (also as in "Red arrow")',
  },
});

/** High-contrast colours that stay visible on metal, paint and composite, named for screen readers. */
export const markupColors = [
  { name: COLOR_NAMES.red, value: '#ff2d2d' },
  { name: COLOR_NAMES.yellow, value: '#ffe600' },
  { name: COLOR_NAMES.cyan, value: '#00e5ff' },
  { name: COLOR_NAMES.white, value: '#ffffff' },
  { name: COLOR_NAMES.black, value: '#000000' },
] as const;

const WIDTH_NAMES = defineMessages({
  thin: { defaultMessage: 'Thin', id: '+KO95o', description: 'Line width of marks drawn on a photo' },
  medium: { defaultMessage: 'Medium', id: 'H/2MYn', description: 'Line width of marks drawn on a photo' },
  thick: { defaultMessage: 'Thick', id: 'mfgbAj', description: 'Line width of marks drawn on a photo' },
});

/** Line widths as a share of the picture's long edge, so a mark looks the same on any photo. */
export const markupWidths = [
  { name: WIDTH_NAMES.thin, share: 0.004 },
  { name: WIDTH_NAMES.medium, share: 0.008 },
  { name: WIDTH_NAMES.thick, share: 0.014 },
] as const;

const PRESETS = defineMessages({
  crack: {
    defaultMessage: 'crack',
    id: 'wJy/5Q',
    description: 'A ready-made label put on a photo of a part (drawn into the saved picture)',
  },
  fod: {
    defaultMessage: 'FOD',
    id: 'VrxX2Y',
    description: 'A ready-made label put on a photo of a part: foreign object debris',
  },
  missing: {
    defaultMessage: 'missing',
    id: 'T5LAr2',
    description: 'A ready-made label put on a photo of a part: something is not there',
  },
  torqueStripe: {
    defaultMessage: 'torque stripe',
    id: '2F6Mzc',
    description: 'A ready-made label put on a photo of a part: the paint line across a tightened fastener',
  },
});

/** Ready-made label words, in the language in force when chosen (what is drawn stays as it was put down). */
export const labelPresets: readonly MessageDescriptor[] = [
  PRESETS.crack,
  PRESETS.fod,
  PRESETS.missing,
  PRESETS.torqueStripe,
];

export function strokeWidth(share: number, width: number, height: number): number {
  return Math.max(2, Math.round(share * Math.max(width, height)));
}

/** Label text height for a line width: readable on the photo at a glance. */
export function labelSize(stroke: number): number {
  return Math.round(stroke * 5);
}

export const labelPadding = (size: number) => Math.round(size * 0.25);

/** A mark's colour by name, as its description says it ("Red arrow"). */
export function colorName(value: string): MessageDescriptor {
  return markupColors.find((color) => color.value === value)?.name ?? COLOR_NAMES.custom;
}

/** A rectangle from two corners in any order. */
export function boxBetween(a: Point, b: Point): Box {
  return {
    x: Math.min(a[0], b[0]),
    y: Math.min(a[1], b[1]),
    w: Math.abs(b[0] - a[0]),
    h: Math.abs(b[1] - a[1]),
  };
}

/** How far a freehand line reaches (a closed loop ends where it began but is not a tap). */
export function inkExtent(points: readonly Point[]): number {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

/**
 * Where a box of `size` starts (its corner) so that it lies inside the picture, `margin` from its
 * edges, as near `at` as it can.
 */
export function insidePicture(at: Point, size: { w: number; h: number }, picture: Size, margin = 0): Point {
  const clamp = (value: number, room: number) => Math.max(margin, Math.min(value, room - margin));
  return [clamp(at[0], picture.width - size.w), clamp(at[1], picture.height - size.h)];
}

export const isNum = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export const isPoint = (value: unknown): value is Point =>
  Array.isArray(value) && value.length === 2 && isNum(value[0]) && isNum(value[1]);

export const isColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

export const isBox = (v: Record<string, unknown>) => isNum(v.x) && isNum(v.y) && isNum(v.w) && isNum(v.h);

export const isStroke = (v: Record<string, unknown>) => isColor(v.color) && isNum(v.width) && v.width > 0;
