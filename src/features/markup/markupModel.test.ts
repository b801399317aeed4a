import { describe, expect, it } from 'vitest';
import { historyReducer, startHistory } from './markupHistory.ts';
import { markedFilename } from './markedFilename.ts';
import { describeShape } from './markupToolFaces.ts';
import {
  dragHandle,
  extendShape,
  handlesOf,
  isShapeKind,
  moveShape,
  readShapes,
  scaleShapes,
  startShape,
} from './markupShapes.ts';
import { boxBetween, inkExtent, type MarkStyle, type Shape } from './shapeModel.ts';

const arrow: Shape = { kind: 'arrow', from: [10, 10], to: [50, 40], color: '#ff2d2d', width: 8 };
const label: Shape = { kind: 'text', x: 60, y: 40, text: 'FOD', color: '#ffe600', size: 40 };
const picture = { width: 1600, height: 1200 };
const white = (width: number): MarkStyle => ({ color: '#ffffff', width, text: '' });

describe('markup history', () => {
  it('undoes and redoes commits in order, and a new commit drops what could be redone', () => {
    let h = startHistory([]);
    h = historyReducer(h, { type: 'commit', shapes: [arrow] });
    h = historyReducer(h, { type: 'commit', shapes: [arrow, label] });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toEqual([arrow]);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present).toEqual([arrow, label]);
    h = historyReducer(h, { type: 'undo' });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toEqual([]);
    expect(historyReducer(h, { type: 'undo' })).toBe(h);
    h = historyReducer(h, { type: 'commit', shapes: [label] });
    expect(h.future).toEqual([]);
    expect(historyReducer(h, { type: 'redo' })).toBe(h);
  });
});

describe('markup shapes', () => {
  it('names each mark for a screen reader, with its colour and text', () => {
    expect(describeShape(arrow)).toBe('Red arrow');
    expect(describeShape(label)).toBe('Yellow label “FOD”');
    expect(describeShape({ kind: 'blur', x: 0, y: 0, w: 1, h: 1 })).toBe('Blurred area');
  });

  it('moves every kind of mark by the same offset', () => {
    expect(moveShape(arrow, 5, -5, picture)).toMatchObject({ from: [15, 5], to: [55, 35] });
    expect(moveShape(label, 1, 2, picture)).toMatchObject({ x: 61, y: 42 });
    const ink: Shape = {
      kind: 'ink',
      points: [
        [1, 1],
        [2, 3],
      ],
      color: '#000000',
      width: 2,
    };
    expect(moveShape(ink, 1, 1, picture)).toMatchObject({
      points: [
        [2, 2],
        [3, 4],
      ],
    });
  });

  it('places marks drawn on one size of the picture onto another size', () => {
    const [scaled] = scaleShapes([arrow], 0.5, 0.5);
    expect(scaled).toMatchObject({ from: [5, 5], to: [25, 20], width: 4 });
  });

  it('reshapes an arrow by its ends and a box by its far corner, never to nothing', () => {
    expect(handlesOf(arrow).map((h) => h.name)).toEqual(['from', 'to']);
    expect(dragHandle(arrow, 'to', [90, 90])).toMatchObject({ from: [10, 10], to: [90, 90] });
    const box: Shape = { kind: 'rect', x: 10, y: 10, w: 20, h: 20, color: '#000000', width: 2 };
    expect(handlesOf(box)).toEqual([{ name: 'corner', at: [30, 30] }]);
    expect(dragHandle(box, 'corner', [50, 40])).toMatchObject({ x: 10, y: 10, w: 40, h: 30 });
    expect(dragHandle(box, 'corner', [0, 0])).toMatchObject({ w: 1, h: 1 });
    expect(handlesOf(label)).toEqual([]);
  });

  it('starts a mark where the finger comes down and follows it', () => {
    const started = startShape('rect', [10, 10], white(4), picture);
    expect(extendShape(started, [10, 10], [4, 30], picture)).toMatchObject({ x: 4, y: 10, w: 6, h: 20 });
    const ink = startShape('ink', [0, 0], white(4), picture);
    const loop = [
      [20, 0],
      [20, 20],
      [0, 0],
    ].reduce<Shape>((line, at) => extendShape(line, [0, 0], at as [number, number], picture), ink);
    expect(loop.kind === 'ink' && inkExtent(loop.points)).toBe(20);
    // The Move tool draws nothing.
    expect(isShapeKind('move')).toBe(false);
  });

  it('makes a box from corners in any order', () => {
    expect(boxBetween([30, 5], [10, 25])).toEqual({ x: 10, y: 5, w: 20, h: 20 });
  });

  it('reads back stored marks and leaves out damaged ones', () => {
    const stored: unknown[] = [arrow, label, { kind: 'arrow', from: [1] }, null, { kind: 'laser' }, 'x'];
    expect(readShapes(JSON.parse(JSON.stringify(stored)) as unknown[])).toEqual([arrow, label]);
    expect(readShapes([{ ...label, color: 'url(javascript:1)' }])).toEqual([]);
  });
});

describe('marked copy name', () => {
  it('adds .marked.jpg to the name without its extension', () => {
    expect(markedFilename('crack.jpg')).toBe('crack.marked.jpg');
    expect(markedFilename('IMG_0041.HEIC')).toBe('IMG_0041.marked.jpg');
    expect(markedFilename('no-extension')).toBe('no-extension.marked.jpg');
    expect(markedFilename('.jpg')).toBe('.jpg.marked.jpg');
    expect(markedFilename('')).toBe('photo.marked.jpg');
  });
});
