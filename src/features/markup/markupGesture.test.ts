import { describe, expect, it } from 'vitest';
import { gestureStep, idle, shownDuring, type GestureContext, type GestureState } from './markupGesture.ts';
import { shapeBounds } from './markupShapes.ts';
import type { Tool } from './markupTools.tsx';
import type { Point, Shape } from './shapeModel.ts';

const picture = { width: 1600, height: 1200 };
const arrow: Shape = { kind: 'arrow', from: [100, 100], to: [300, 200], color: '#ff2d2d', width: 10 };
const box: Shape = { kind: 'rect', x: 500, y: 500, w: 200, h: 100, color: '#ff2d2d', width: 10 };

function context(tool: Tool, shapes: readonly Shape[] = [], text = ''): GestureContext {
  return { tool, shapes, style: { color: '#ff2d2d', width: 10, text }, picture, scale: 0.5 };
}

/** A finger down at the first point, through the others, up at the last. */
function gesture(points: Point[], ctx: GestureContext, from: GestureState = idle) {
  let result = gestureStep(from, { type: 'start', at: points[0]! }, ctx);
  const started = result;
  for (const at of points.slice(1)) result = gestureStep(result.state, { type: 'move', at }, ctx);
  const ended = gestureStep(result.state, { type: 'end', at: points.at(-1)! }, ctx);
  return { started, ended };
}

describe('markup gestures', () => {
  it('draws an arrow from where the finger comes down to where it lets go', () => {
    const { ended } = gesture(
      [
        [10, 10],
        [50, 30],
        [90, 60],
      ],
      context('arrow', [box]),
    );
    expect(ended.commit).toEqual({
      shapes: [box, { kind: 'arrow', from: [10, 10], to: [90, 60], color: '#ff2d2d', width: 10 }],
      words: 'Red arrow added.',
    });
    expect(ended.state.gesture).toBeNull();
  });

  it('draws nothing for a tap with a drawing tool (shorter than a few screen pixels)', () => {
    const { ended } = gesture(
      [
        [10, 10],
        [15, 12],
      ],
      context('rect'),
    );
    expect(ended.commit).toBeUndefined();
  });

  it('puts no label down before its words are chosen, and says so', () => {
    const { started, ended } = gesture([[800, 600]], context('text'));
    expect(started.say).toBe('Choose a label or type one first.');
    expect(ended.commit).toBeUndefined();
  });

  it('puts a label down where it is tapped, centred there, whole inside the picture even at its edge', () => {
    const middle = gesture([[800, 600]], context('text', [], 'burr on edge')).ended.commit!.shapes[0]!;
    const bounds = shapeBounds(middle);
    expect(bounds.x + bounds.w / 2).toBeCloseTo(800);
    expect(bounds.y + bounds.h / 2).toBeCloseTo(600);

    const corner = gesture([[1598, 1198]], context('text', [], 'burr on edge')).ended.commit!.shapes[0]!;
    expect(corner).toMatchObject({ kind: 'text', text: 'burr on edge' });
    const inside = shapeBounds(corner);
    expect(inside.w).toBeCloseTo(bounds.w);
    expect(inside.x).toBeGreaterThan(0);
    expect(inside.y).toBeGreaterThan(0);
    expect(inside.x + inside.w).toBeLessThan(picture.width);
    expect(inside.y + inside.h).toBeLessThan(picture.height);
  });

  it('moves a mark with the Move tool, and pans where there is none', () => {
    const shapes = [arrow, box];
    const { started, ended } = gesture(
      [
        [600, 550],
        [650, 600],
        [700, 650],
      ],
      context('move', shapes),
    );
    expect(started.state.selected).toBe(1);
    expect(ended.commit).toEqual({
      shapes: [arrow, { ...box, x: 600, y: 600 }],
      words: 'Red rectangle moved.',
    });
    expect(ended.state.selected).toBe(1);

    const empty = gestureStep(ended.state, { type: 'start', at: [1500, 100] }, context('move', shapes));
    expect(empty).toEqual({ state: idle, pan: true });
  });

  it('shows a mark being moved in its new place before the finger lets go', () => {
    const ctx = context('move', [box]);
    const down = gestureStep(idle, { type: 'start', at: [600, 550] }, ctx);
    const moving = gestureStep(down.state, { type: 'move', at: [620, 560] }, ctx);
    expect(shownDuring([box], moving.state.gesture, picture).shapes).toEqual([{ ...box, x: 520, y: 510 }]);
    expect(gestureStep(moving.state, { type: 'cancel' }, ctx).state).toEqual({ gesture: null, selected: 0 });
  });

  it('reshapes the selected box by its corner handle, never to nothing', () => {
    const ctx = context('move', [box]);
    const selected: GestureState = { gesture: null, selected: 0 };
    const { ended } = gesture(
      [
        [700, 600],
        [800, 700],
      ],
      ctx,
      selected,
    );
    expect(ended.commit).toEqual({ shapes: [{ ...box, w: 300, h: 200 }], words: 'Red rectangle reshaped.' });
  });

  it('shows the mark being drawn on top of the others', () => {
    const ctx = context('ellipse', [box]);
    const down = gestureStep(idle, { type: 'start', at: [10, 10] }, ctx);
    const moving = gestureStep(down.state, { type: 'move', at: [110, 60] }, ctx);
    expect(shownDuring([box], moving.state.gesture, picture)).toEqual({
      shapes: [box],
      drawing: { kind: 'ellipse', x: 10, y: 10, w: 100, h: 50, color: '#ff2d2d', width: 10 },
    });
  });
});
