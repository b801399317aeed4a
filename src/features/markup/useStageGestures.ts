import { useLayoutEffect, useRef, type PointerEvent, type RefObject, type WheelEvent } from 'react';
import type { Point } from './shapeModel.ts';

/** Screen pixels per picture pixel, and where the picture's corner is on screen. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface StrokeHandlers {
  /** A one-finger gesture begins; 'pan' moves the picture instead of drawing. */
  start(point: Point): 'track' | 'pan';
  move(point: Point): void;
  end(point: Point): void;
  /** A second finger came down: what the first one started is dropped. */
  cancel(): void;
}

export const zoomLimits = { min: 0.02, max: 8 };

const clampScale = (scale: number) => Math.min(zoomLimits.max, Math.max(zoomLimits.min, scale));

/** The view zoomed by a factor around a fixed screen point (which keeps pointing at the same spot). */
export function zoomAround(view: View, factor: number, at: Point): View {
  const scale = clampScale(view.scale * factor);
  const real = scale / view.scale;
  return { scale, x: at[0] - (at[0] - view.x) * real, y: at[1] - (at[1] - view.y) * real };
}

type Gesture =
  | { mode: 'none' }
  | { mode: 'track' }
  | { mode: 'pan'; from: Point; view: View }
  | { mode: 'pinch'; distance: number; center: Point; view: View };

const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const middle = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/**
 * Pointer input over the picture: one finger (or a mouse, or a pen) draws or pans, two fingers pinch
 * to zoom and pan, the wheel zooms at the pointer.
 */
export function useStageGestures(
  container: RefObject<HTMLElement | null>,
  view: View,
  setView: (view: View) => void,
  handlers: StrokeHandlers,
) {
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>({ mode: 'none' });
  const latest = useRef({ view, handlers });
  useLayoutEffect(() => {
    latest.current = { view, handlers };
  });

  const local = (event: { clientX: number; clientY: number }): Point => {
    const rect = container.current?.getBoundingClientRect();
    return [event.clientX - (rect?.left ?? 0), event.clientY - (rect?.top ?? 0)];
  };
  const toPicture = ([x, y]: Point): Point => {
    const { scale, x: vx, y: vy } = latest.current.view;
    return [(x - vx) / scale, (y - vy) / scale];
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = local(event);
    pointers.current.set(event.pointerId, at);
    const current = [...pointers.current.values()];
    if (current.length === 2) {
      if (gesture.current.mode === 'track') latest.current.handlers.cancel();
      gesture.current = {
        mode: 'pinch',
        distance: Math.max(1, distance(current[0]!, current[1]!)),
        center: middle(current[0]!, current[1]!),
        view: latest.current.view,
      };
    } else if (current.length === 1) {
      const mode = latest.current.handlers.start(toPicture(at));
      gesture.current = mode === 'pan' ? { mode, from: at, view: latest.current.view } : { mode };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const at = local(event);
    pointers.current.set(event.pointerId, at);
    const now = gesture.current;
    if (now.mode === 'track') latest.current.handlers.move(toPicture(at));
    else if (now.mode === 'pan') {
      setView({ ...now.view, x: now.view.x + at[0] - now.from[0], y: now.view.y + at[1] - now.from[1] });
    } else if (now.mode === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const center = middle(a, b);
      const zoomed = zoomAround(now.view, distance(a, b) / now.distance, now.center);
      setView({
        ...zoomed,
        x: zoomed.x + center[0] - now.center[0],
        y: zoomed.y + center[1] - now.center[1],
      });
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    if (gesture.current.mode === 'track') latest.current.handlers.end(toPicture(local(event)));
    // Lifting one finger of a pinch does not start a stroke with the other.
    if (pointers.current.size === 0) gesture.current = { mode: 'none' };
    else gesture.current = { mode: 'pinch', distance: 1, center: [0, 0], view: latest.current.view };
  };

  const onPointerCancel = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    if (gesture.current.mode === 'track') latest.current.handlers.cancel();
    if (pointers.current.size === 0) gesture.current = { mode: 'none' };
  };

  const onWheel = (event: WheelEvent<HTMLElement>) => {
    setView(zoomAround(latest.current.view, Math.exp(-event.deltaY / 500), local(event)));
  };

  return { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel, onWheel };
}
