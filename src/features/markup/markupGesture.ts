import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { appIntl } from '../../i18n/index.ts';
import type { Tool } from './markupTools.tsx';
import { describeShape } from './markupToolFaces.ts';
import {
  dragHandle,
  extendShape,
  handlesOf,
  madeMark,
  missingFor,
  moveShape,
  shapeBounds,
  startShape,
} from './markupShapes.ts';
import type { HandleName, MarkStyle, Point, Shape, Size } from './shapeModel.ts';

/** A touch shorter than this many screen pixels draws nothing (it selects, or places a label). */
export const tapPixels = 6;
/** Marks are picked with a finger: this much room around them counts, in screen pixels. */
export const reachPixels = 24;
/** Handles to reshape a selected mark: a gloved fingertip's size, in screen pixels. */
export const handlePixels = 48;

/** What one finger on the picture is doing. */
export type Gesture =
  | { kind: 'draw'; anchor: Point; shape: Shape }
  | { kind: 'move'; index: number; anchor: Point; dx: number; dy: number }
  | { kind: 'handle'; index: number; handle: HandleName; anchor: Point; shape: Shape };

export interface GestureState {
  gesture: Gesture | null;
  /** The mark picked with the Move tool. */
  selected: number | null;
}

export const idle: GestureState = { gesture: null, selected: null };

/** What the gesture acts on: the editor's state when the event came. */
export interface GestureContext {
  tool: Tool;
  shapes: readonly Shape[];
  style: MarkStyle;
  picture: Size;
  /** Screen pixels per picture pixel. */
  scale: number;
  /** The words' language (the one in force when not given). */
  intl?: IntlShape;
}

/** What a screen reader hears when a mark changes; mark: e.g. "Red arrow". */
const CHANGED: Record<'added' | 'reshaped' | 'moved', MessageDescriptor> = defineMessages({
  added: {
    defaultMessage: '{mark} added.',
    id: 'xE6V8U',
    description: 'A mark was drawn on the photo, e.g. "Red arrow added."',
  },
  reshaped: {
    defaultMessage: '{mark} reshaped.',
    id: 'SyHlmN',
    description: 'A mark on the photo was reshaped',
  },
  moved: { defaultMessage: '{mark} moved.', id: 'D5IIXE', description: 'A mark on the photo was moved' },
});

export type GestureAction =
  | { type: 'start'; at: Point }
  | { type: 'move'; at: Point }
  | { type: 'end'; at: Point }
  | { type: 'cancel' };

export interface GestureStep {
  state: GestureState;
  /** The finger moves the picture instead (the Move tool, away from any mark). */
  pan?: true;
  /** The marks after the gesture, and the words that say what changed. */
  commit?: { shapes: Shape[]; words: string };
  /** Why nothing was drawn. */
  say?: string;
}

const distance = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/** The topmost mark within a finger's reach of a point, or null. */
export function hitTest(shapes: readonly Shape[], point: Point, scale: number): number | null {
  const reach = reachPixels / scale;
  for (let index = shapes.length - 1; index >= 0; index--) {
    const box = shapeBounds(shapes[index]!);
    if (
      point[0] >= box.x - reach &&
      point[0] <= box.x + box.w + reach &&
      point[1] >= box.y - reach &&
      point[1] <= box.y + box.h + reach
    )
      return index;
  }
  return null;
}

function start(state: GestureState, at: Point, context: GestureContext): GestureStep {
  const { tool, shapes, scale } = context;
  if (tool === 'move') {
    const target = state.selected === null ? undefined : shapes[state.selected];
    const handle = target
      ? handlesOf(target).find((h) => distance(h.at, at) * scale <= handlePixels / 2)
      : undefined;
    if (target && handle) {
      const gesture: Gesture = {
        kind: 'handle',
        index: state.selected!,
        handle: handle.name,
        anchor: at,
        shape: target,
      };
      return { state: { ...state, gesture } };
    }
    const index = hitTest(shapes, at, scale);
    if (index === null) return { state: idle, pan: true };
    return { state: { selected: index, gesture: { kind: 'move', index, anchor: at, dx: 0, dy: 0 } } };
  }
  const missing = missingFor(tool, context.style, context.intl ?? appIntl());
  if (missing) return { state: { ...state, gesture: null }, say: missing };
  const shape = startShape(tool, at, context.style, context.picture);
  return { state: { ...state, gesture: { kind: 'draw', anchor: at, shape } } };
}

function follow(gesture: Gesture | null, at: Point, { shapes, picture }: GestureContext): Gesture | null {
  switch (gesture?.kind) {
    case undefined:
      return null;
    case 'draw':
      return { ...gesture, shape: extendShape(gesture.shape, gesture.anchor, at, picture) };
    case 'move':
      return { ...gesture, dx: at[0] - gesture.anchor[0], dy: at[1] - gesture.anchor[1] };
    case 'handle':
      return { ...gesture, shape: dragHandle(shapes[gesture.index]!, gesture.handle, at) };
  }
}

function end(state: GestureState, at: Point, context: GestureContext): GestureStep {
  const { gesture } = state;
  const { shapes, picture, scale } = context;
  const intl = context.intl ?? appIntl();
  const next = { ...state, gesture: null };
  if (!gesture) return { state: next };
  if (gesture.kind === 'draw') {
    const finished = extendShape(gesture.shape, gesture.anchor, at, picture);
    if (!madeMark(finished, gesture.anchor, at, scale, tapPixels)) return { state: next };
    return {
      state: next,
      commit: {
        shapes: [...shapes, finished],
        words: intl.formatMessage(CHANGED.added, { mark: describeShape(finished, intl) }),
      },
    };
  }
  if (distance(gesture.anchor, at) * scale < tapPixels) return { state: next };
  const old = shapes[gesture.index]!;
  const changed =
    gesture.kind === 'handle'
      ? dragHandle(old, gesture.handle, at)
      : moveShape(old, at[0] - gesture.anchor[0], at[1] - gesture.anchor[1], picture);
  return {
    state: next,
    commit: {
      shapes: shapes.map((shape, index) => (index === gesture.index ? changed : shape)),
      words:
        gesture.kind === 'handle'
          ? intl.formatMessage(CHANGED.reshaped, { mark: describeShape(changed, intl) })
          : intl.formatMessage(CHANGED.moved, { mark: describeShape(old, intl) }),
    },
  };
}

/**
 * One step of a finger's gesture on the picture, as plain data: the new state and what it did (drew,
 * moved or reshaped a mark, panned, or said why not). The editor applies the outcome.
 */
export function gestureStep(
  state: GestureState,
  action: GestureAction,
  context: GestureContext,
): GestureStep {
  switch (action.type) {
    case 'start':
      return start(state, action.at, context);
    case 'move':
      return { state: { ...state, gesture: follow(state.gesture, action.at, context) } };
    case 'end':
      return end(state, action.at, context);
    case 'cancel':
      return { state: { ...state, gesture: null } };
  }
}

/** The marks as they look during a gesture: one being moved or reshaped in its new place, one being drawn on top. */
export function shownDuring(
  shapes: readonly Shape[],
  gesture: Gesture | null,
  picture: Size,
): { shapes: Shape[]; drawing: Shape | null } {
  return {
    shapes: shapes.map((shape, index) => {
      if (gesture?.kind === 'move' && gesture.index === index)
        return moveShape(shape, gesture.dx, gesture.dy, picture);
      if (gesture?.kind === 'handle' && gesture.index === index) return gesture.shape;
      return shape;
    }),
    drawing: gesture?.kind === 'draw' ? gesture.shape : null,
  };
}
