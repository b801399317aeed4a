import { Alert, VisuallyHidden } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import type Konva from 'konva';
import {
  useCallback,
  useLayoutEffect,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Image as KonvaImage, Layer, Stage } from './konvaParts.ts';
import { MarkupHeader } from './MarkupHeader.tsx';
import { handlePixels, SelectionOverlay } from './SelectionOverlay.tsx';
import type { MarkupDraft } from '../../upload/types.ts';
import { mosaicOf } from './loadMarkupImage.ts';
import { markedFilename } from './markedFilename.ts';
import { historyReducer, startHistory } from './markupHistory.ts';
import {
  describeShape,
  dragHandle,
  extendShape,
  handlesOf,
  inkExtent,
  labelPresets,
  labelSize,
  markupColors,
  markupWidths,
  moveShape,
  readShapes,
  scaleShapes,
  startShape,
  strokeWidth,
  type HandleName,
  type Point,
  type Shape,
} from './markupShapes.ts';
import type { MarkupEditorProps } from './markupEditorProps.ts';
import { ShapeNode, shapeBounds } from './MarkupScene.tsx';
import { MarkupToolbar, type Tool } from './MarkupToolbar.tsx';
import { renderMarkedJpeg } from './renderMarkedJpeg.ts';
import { useStageGestures, zoomAround, type StrokeHandlers, type View } from './useStageGestures.ts';

interface Props extends MarkupEditorProps {
  bitmap: ImageBitmap;
  keepOriginal: boolean;
  originalChoice: ReactNode;
}

/** A tap shorter than this many screen pixels draws nothing (it selects, or places a label). */
const tapPixels = 6;
/** Marks are picked with a finger: this much room around them counts, in screen pixels. */
const reachPixels = 24;

function fit(area: { width: number; height: number }, picture: { width: number; height: number }): View {
  const scale = Math.min(area.width / picture.width, area.height / picture.height) * 0.96;
  return {
    scale,
    x: (area.width - picture.width * scale) / 2,
    y: (area.height - picture.height * scale) / 2,
  };
}

function initialShapes(
  initial: MarkupDraft | undefined,
  picture: { width: number; height: number },
): Shape[] {
  if (!initial || initial.width <= 0 || initial.height <= 0) return [];
  return scaleShapes(
    readShapes(initial.shapes),
    picture.width / initial.width,
    picture.height / initial.height,
  );
}

type Gesture =
  | { kind: 'draw'; anchor: Point; shape: Shape }
  | { kind: 'move'; index: number; anchor: Point; dx: number; dy: number }
  | { kind: 'handle'; index: number; handle: HandleName; anchor: Point; shape: Shape }
  | { kind: 'label'; at: Point };

/** The editor once the photo is decoded: controls, the picture with its marks, and saving. */
export function MarkupWorkspace(props: Props) {
  const { bitmap, filename, onChange, onSave, onCancel } = props;
  const picture = useMemo(() => ({ width: bitmap.width, height: bitmap.height }), [bitmap]);
  const [history, dispatch] = useReducer(historyReducer, undefined, () =>
    startHistory(initialShapes(props.initial, picture)),
  );
  const shapes = history.present;
  const [tool, setTool] = useState<Tool>('arrow');
  const [color, setColor] = useState<string>(markupColors[0].value);
  const [widthIndex, setWidthIndex] = useState(1);
  const [labelText, setLabelText] = useState<string>(labelPresets[0]);
  const [selected, setSelected] = useState<number | null>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const gestureRef = useRef<Gesture | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [mosaic, setMosaic] = useState<HTMLCanvasElement | null>(null);
  const [said, setSaid] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const uiLayerRef = useRef<Konva.Layer>(null);
  const container = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width, height } = useElementSize();
  const areaRef = useMergedRef(container, sizeRef);

  const stroke = strokeWidth(markupWidths[widthIndex]!.share, picture.width, picture.height);
  const shownView = view ?? (width > 0 ? fit({ width, height }, picture) : null);

  const setGestureBoth = (next: Gesture | null) => {
    gestureRef.current = next;
    setGesture(next);
  };

  // The marks are handed out at each change (not at the first render) so a queued photo keeps them.
  const reported = useRef(shapes);
  useEffect(() => {
    if (reported.current === shapes) return;
    reported.current = shapes;
    onChange?.({ width: picture.width, height: picture.height, shapes });
  }, [shapes, onChange, picture]);

  const needsMosaic =
    shapes.some((shape) => shape.kind === 'blur') ||
    (gesture?.kind === 'draw' && gesture.shape.kind === 'blur');
  useEffect(() => {
    if (!needsMosaic || mosaic) return;
    let live = true;
    // Until the blocks are ready (or if they cannot be made), a blur mark is a grey box: hidden either way.
    void mosaicOf(bitmap).then(
      (canvas) => live && setMosaic(canvas),
      () => live && setSaid('Blurred areas are shown as grey boxes on this device.'),
    );
    return () => {
      live = false;
    };
  }, [needsMosaic, mosaic, bitmap]);

  const commit = useCallback((next: readonly Shape[], words: string) => {
    dispatch({ type: 'commit', shapes: next });
    setSaid(`${words} ${next.length} ${next.length === 1 ? 'mark' : 'marks'} on the photo.`);
  }, []);

  const placeLabel = (at: Point) => {
    const text = labelText.trim();
    if (text === '') {
      setSaid('Choose a label or type one first.');
      return;
    }
    const label: Shape = { kind: 'text', x: at[0], y: at[1], text, color, size: labelSize(stroke) };
    commit([...shapes, label], `${describeShape(label)} added.`);
  };

  const hitTest = (point: Point, scale: number): number | null => {
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
  };

  const handlers: StrokeHandlers = {
    start(at) {
      const scale = shownView?.scale ?? 1;
      if (tool === 'move') {
        const target = selected === null ? undefined : shapes[selected];
        const handle = target
          ? handlesOf(target).find(
              (h) => Math.hypot(h.at[0] - at[0], h.at[1] - at[1]) * scale <= handlePixels / 2,
            )
          : undefined;
        if (target && handle) {
          setGestureBoth({
            kind: 'handle',
            index: selected!,
            handle: handle.name,
            anchor: at,
            shape: target,
          });
          return 'track';
        }
        const index = hitTest(at, scale);
        setSelected(index);
        if (index === null) return 'pan';
        setGestureBoth({ kind: 'move', index, anchor: at, dx: 0, dy: 0 });
        return 'track';
      }
      if (tool === 'text') {
        setGestureBoth({ kind: 'label', at });
        return 'track';
      }
      const shape = startShape(tool, at, color, stroke);
      if (shape) setGestureBoth({ kind: 'draw', anchor: at, shape });
      return 'track';
    },
    move(at) {
      const now = gestureRef.current;
      if (now?.kind === 'draw') setGestureBoth({ ...now, shape: extendShape(now.shape, now.anchor, at) });
      else if (now?.kind === 'move')
        setGestureBoth({ ...now, dx: at[0] - now.anchor[0], dy: at[1] - now.anchor[1] });
      else if (now?.kind === 'label') setGestureBoth({ kind: 'label', at });
      else if (now?.kind === 'handle')
        setGestureBoth({ ...now, shape: dragHandle(shapes[now.index]!, now.handle, at) });
    },
    end(at) {
      const now = gestureRef.current;
      setGestureBoth(null);
      if (!now) return;
      const scale = shownView?.scale ?? 1;
      if (now.kind === 'label') return placeLabel(at);
      const travelled =
        now.kind === 'draw' && now.shape.kind === 'ink'
          ? inkExtent(now.shape.points)
          : Math.hypot(at[0] - now.anchor[0], at[1] - now.anchor[1]);
      if (travelled * scale < tapPixels) return;
      if (now.kind === 'handle') {
        const reshaped = dragHandle(shapes[now.index]!, now.handle, at);
        commit(
          shapes.map((shape, index) => (index === now.index ? reshaped : shape)),
          `${describeShape(reshaped)} reshaped.`,
        );
        return;
      }
      if (now.kind === 'move') {
        const next = shapes.map((shape, index) =>
          index === now.index ? moveShape(shape, at[0] - now.anchor[0], at[1] - now.anchor[1]) : shape,
        );
        commit(next, `${describeShape(shapes[now.index]!)} moved.`);
        return;
      }
      const finished = extendShape(now.shape, now.anchor, at);
      commit([...shapes, finished], `${describeShape(finished)} added.`);
    },
    cancel() {
      setGestureBoth(null);
    },
  };

  const gestures = useStageGestures(container, shownView ?? { scale: 1, x: 0, y: 0 }, setView, handlers);

  const zoomBy = (factor: number) => {
    if (shownView) setView(zoomAround(shownView, factor, [width / 2, height / 2]));
  };
  const undo = () => {
    dispatch({ type: 'undo' });
    setSelected(null);
    setSaid('Undone.');
  };
  const redo = () => {
    dispatch({ type: 'redo' });
    setSelected(null);
    setSaid('Redone.');
  };
  const deleteSelected = () => {
    if (selected === null || !shapes[selected]) return;
    const gone = shapes[selected];
    setSelected(null);
    commit(
      shapes.filter((_, index) => index !== selected),
      `${describeShape(gone)} deleted.`,
    );
  };

  // The editor covers the app while open, so its shortcuts work wherever focus is inside it.
  const shortcuts = useRef<(event: KeyboardEvent) => void>(() => undefined);
  useLayoutEffect(() => {
    shortcuts.current = (event) => {
      if (event.target instanceof HTMLInputElement) return;
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      if (command && key === 'z' && !event.shiftKey) undo();
      else if (command && (key === 'y' || (key === 'z' && event.shiftKey))) redo();
      else if ((key === 'delete' || key === 'backspace') && selected !== null) deleteSelected();
      else return;
      event.preventDefault();
    };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => shortcuts.current(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const save = async () => {
    const stage = stageRef.current;
    const ui = uiLayerRef.current;
    if (!stage || !ui) return;
    setSaving(true);
    setFailure(null);
    try {
      const jpeg = await renderMarkedJpeg(stage, ui, picture);
      const file = new File([jpeg], markedFilename(filename), {
        type: 'image/jpeg',
        lastModified: Date.now(),
      });
      await onSave({
        file,
        draft: { width: picture.width, height: picture.height, shapes },
        keepOriginal: props.keepOriginal,
      });
    } catch (error) {
      setFailure(
        `The marked copy could not be saved: ${error instanceof Error ? error.message : String(error)}`,
      );
      setSaving(false);
    }
  };

  const shown = shapes.map((shape, index) => {
    if (gesture?.kind === 'move' && gesture.index === index) return moveShape(shape, gesture.dx, gesture.dy);
    if (gesture?.kind === 'handle' && gesture.index === index) return gesture.shape;
    return shape;
  });
  const selectedShape = tool === 'move' && selected !== null ? shown[selected] : undefined;
  const scale = shownView?.scale ?? 1;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="markup-editor">
      <MarkupHeader
        filename={filename}
        originalChoice={props.originalChoice}
        hasMarks={shapes.length > 0}
        saving={saving}
        onCancel={onCancel}
        onSave={() => void save()}
      />
      <MarkupToolbar
        tool={tool}
        onTool={(next) => {
          setTool(next);
          setSelected(null);
        }}
        color={color}
        onColor={setColor}
        width={widthIndex}
        onWidth={setWidthIndex}
        labelText={labelText}
        onLabelText={setLabelText}
        onPlaceLabel={() =>
          shownView && placeLabel([(width / 2 - shownView.x) / scale, (height / 2 - shownView.y) / scale])
        }
        history={{
          canUndo: history.past.length > 0,
          canRedo: history.future.length > 0,
          onUndo: undo,
          onRedo: redo,
        }}
        selection={{ canDelete: selected !== null && tool === 'move', onDelete: deleteSelected }}
        zoom={{
          percent: shownView ? Math.round(shownView.scale * 100) : null,
          onIn: () => zoomBy(1.25),
          onOut: () => zoomBy(0.8),
          onFit: () => setView(null),
        }}
      />
      {failure && (
        <Alert color="red" role="alert" mx="sm" mb={6}>
          {failure}
        </Alert>
      )}
      <div
        ref={areaRef}
        {...gestures}
        role="img"
        aria-label={`${filename} with ${shapes.length} ${shapes.length === 1 ? 'mark' : 'marks'}. Draw with a finger, pen or mouse; pinch or use the zoom buttons to zoom.`}
        data-testid="markup-canvas"
        style={{
          flex: 1,
          minHeight: 0,
          position: 'relative',
          overflow: 'hidden',
          touchAction: 'none',
          background: 'var(--mantine-color-default-hover)',
          cursor: tool === 'move' ? 'grab' : 'crosshair',
        }}
      >
        {shownView && width > 0 && (
          <Stage
            ref={stageRef}
            width={width}
            height={height}
            scaleX={shownView.scale}
            scaleY={shownView.scale}
            x={shownView.x}
            y={shownView.y}
            listening={false}
          >
            <Layer listening={false}>
              <KonvaImage image={bitmap} width={picture.width} height={picture.height} />
            </Layer>
            <Layer listening={false}>
              {shown.map((shape, index) => (
                <ShapeNode key={index} shape={shape} mosaic={mosaic} />
              ))}
              {gesture?.kind === 'draw' && <ShapeNode shape={gesture.shape} mosaic={mosaic} />}
            </Layer>
            <Layer ref={uiLayerRef} listening={false}>
              {selectedShape && <SelectionOverlay shape={selectedShape} scale={scale} />}
            </Layer>
          </Stage>
        )}
      </div>
      <VisuallyHidden>
        <ul aria-label="Marks on the photo">
          {shapes.map((shape, index) => (
            <li key={index}>{describeShape(shape)}</li>
          ))}
        </ul>
      </VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite">
        {said}
      </VisuallyHidden>
    </div>
  );
}
