import { Alert, Text, VisuallyHidden } from '@mantine/core';
import type Konva from 'konva';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { FAILURE_WORDS, WordedError } from '../../failures/failures.ts';
import { MarkupHeader } from './MarkupHeader.tsx';
import { OpeningPhoto } from './OpeningPhoto.tsx';
import type { MarkupDraft } from '../../upload/types.ts';
import { mosaicOf, type MarkupPicture } from './markupPicture.ts';
import { markedFilename } from './markedFilename.ts';
import { historyReducer, startHistory } from './markupHistory.ts';
import { gestureStep, idle, shownDuring, type GestureAction, type GestureState } from './markupGesture.ts';
import { readShapes, scaleShapes } from './markupShapes.ts';
import { describeShape } from './markupToolFaces.ts';
import type { Tool } from './markupTools.tsx';
import type { MarkupEditorProps } from './markupEditorProps.ts';
import { MarkupStage } from './MarkupStage.tsx';
import { MarkupToolbar, ToolOptions } from './MarkupToolbar.tsx';
import { renderMarkedJpeg } from './renderMarkedJpeg.ts';
import { markupColors, markupWidths, strokeWidth, type Shape, type Size } from './shapeModel.ts';
import { useDiscardQuestion } from './useDiscardQuestion.ts';
import { useMarkupShortcuts } from './useMarkupShortcuts.ts';
import { useStageGestures, zoomAround, type View } from './useStageGestures.ts';
import { useAreaSize } from './useAreaSize.ts';
import classes from './MarkupWorkspace.module.css';

interface Props extends MarkupEditorProps {
  /** The picture's size (its header's until it is decoded): what the marks are drawn on. */
  size: Size;
  /** The decoded picture, or null while it decodes (the controls are there, the photo not yet). */
  picture: MarkupPicture | null;
  keepOriginal: boolean;
  originalChoice: ReactNode;
}

function fit(area: Size, picture: Size): View {
  const scale = Math.min(area.width / picture.width, area.height / picture.height) * 0.96;
  return {
    scale,
    x: (area.width - picture.width * scale) / 2,
    y: (area.height - picture.height * scale) / 2,
  };
}

function initialShapes(initial: MarkupDraft | undefined, picture: Size): Shape[] {
  if (!initial || initial.width <= 0 || initial.height <= 0) return [];
  return scaleShapes(
    readShapes(initial.shapes),
    picture.width / initial.width,
    picture.height / initial.height,
  );
}

/** What a screen reader hears as the marks change. */
const SAID: Record<'changed' | 'undone' | 'redone' | 'deleted' | 'noMosaic', MessageDescriptor> =
  defineMessages({
    changed: {
      defaultMessage: '{change} {count, plural, one {# mark on the photo} other {# marks on the photo}}.',
      id: 'GWB9Y9',
      description: 'Said after a change of the marks; change: e.g. "Red arrow added."',
    },
    undone: {
      defaultMessage: 'Undone.',
      id: 'TcebQp',
      description: 'Said when the last change of the marks is taken back',
    },
    redone: {
      defaultMessage: 'Redone.',
      id: 'Rr6s3A',
      description: 'Said when a change taken back is made again',
    },
    deleted: {
      defaultMessage: '{mark} deleted.',
      id: '3GaHBa',
      description: 'A mark on the photo was deleted, e.g. "Red arrow deleted."',
    },
    noMosaic: { defaultMessage: 'Blurred areas are shown as grey boxes on this device.', id: 'MHPum+' },
  });

/** The editor once the photo is decoded: controls, the picture with its marks, and saving. */
export function MarkupWorkspace(props: Props) {
  const intl = useIntl();
  const { picture: image, size, filename, onChange, onSave, onCancel } = props;
  const picture = useMemo(() => ({ width: size.width, height: size.height }), [size.width, size.height]);
  const [history, dispatch] = useReducer(historyReducer, undefined, () =>
    startHistory(initialShapes(props.initial, picture)),
  );
  const shapes = history.present;
  const [tool, setTool] = useState<Tool>('arrow');
  const [color, setColor] = useState<string>(markupColors[0].value);
  const [widthIndex, setWidthIndex] = useState(1);
  // Nothing is chosen for the technician: a label says only what they picked or typed.
  const [labelText, setLabelText] = useState('');
  const [gesture, setGesture] = useState<GestureState>(idle);
  const gestureRef = useRef<GestureState>(idle);
  const [view, setView] = useState<View | null>(null);
  const [mosaic, setMosaic] = useState<HTMLCanvasElement | null>(null);
  const [said, setSaid] = useState('');
  /** Why a touch drew nothing, shown over the photo until the next mark. */
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const screenOnlyRef = useRef<Konva.Group>(null);
  const marksRef = useRef<Konva.Group>(null);
  /** The picture at its own size, fetched the first time the view is zoomed in past the screen's copy. */
  const [full, setFull] = useState<ImageBitmap | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const { width, height } = useAreaSize(container);

  const stroke = strokeWidth(markupWidths[widthIndex]!.share, picture.width, picture.height);
  const shownView = view ?? (width > 0 ? fit({ width, height }, picture) : null);
  const scale = shownView?.scale ?? 1;
  const question = useDiscardQuestion({
    hasMarks: shapes.length > 0,
    marksKept: onChange !== undefined,
    onDiscard: onCancel,
  });

  // The marks are handed out at each change (not at the first render) so a queued photo keeps them.
  const reported = useRef(shapes);
  useEffect(() => {
    if (reported.current === shapes) return;
    reported.current = shapes;
    onChange?.({ width: picture.width, height: picture.height, shapes });
  }, [shapes, onChange, picture]);

  const shown = shownDuring(shapes, gesture.gesture, picture);
  const needsMosaic = [...shapes, shown.drawing].some((shape) => shape?.kind === 'blur');
  useEffect(() => {
    if (!needsMosaic || mosaic || !image) return;
    let live = true;
    // Until the blocks are ready (or if they cannot be made), a blur mark is a grey box: hidden either way.
    void mosaicOf(image).then(
      (canvas) => live && setMosaic(canvas),
      () => live && setSaid(intl.formatMessage(SAID.noMosaic)),
    );
    return () => {
      live = false;
    };
  }, [needsMosaic, mosaic, image, intl]);

  // The screen's copy is drawn while it has at least a pixel for each of the screen's; past that zoom
  // the picture itself, once there (the copy, enlarged, until then).
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const zoomedPast = image !== null && scale * picture.width * ratio > image.screen.width * 1.01;
  useEffect(() => {
    if (!zoomedPast || full || !image) return;
    let live = true;
    void image.full().then(
      (bitmap) => live && setFull(bitmap),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [zoomedPast, full, image]);
  const shownBitmap = zoomedPast && full ? full : image?.screen;

  const commit = useCallback(
    (next: readonly Shape[], words: string) => {
      dispatch({ type: 'commit', shapes: next });
      setSaid(intl.formatMessage(SAID.changed, { change: words, count: next.length }));
    },
    [intl],
  );

  const setGestureState = (next: GestureState) => {
    gestureRef.current = next;
    setGesture(next);
  };
  const step = (action: GestureAction) => {
    const result = gestureStep(gestureRef.current, action, {
      tool,
      shapes,
      style: { color, width: stroke, text: labelText },
      picture,
      scale,
      intl,
    });
    setGestureState(result.state);
    if (result.say) setNotice(result.say);
    if (result.commit) {
      setNotice(null);
      commit(result.commit.shapes, result.commit.words);
    }
    return result;
  };

  const gestures = useStageGestures(container, shownView ?? { scale: 1, x: 0, y: 0 }, setView, {
    start: (at) => (step({ type: 'start', at }).pan ? 'pan' : 'track'),
    move: (at) => void step({ type: 'move', at }),
    end: (at) => void step({ type: 'end', at }),
    cancel: () => void step({ type: 'cancel' }),
  });

  const zoomBy = (factor: number) => {
    if (shownView) setView(zoomAround(shownView, factor, [width / 2, height / 2]));
  };
  const deselect = () => setGestureState({ ...gestureRef.current, selected: null });
  const undo = () => {
    dispatch({ type: 'undo' });
    deselect();
    setSaid(intl.formatMessage(SAID.undone));
  };
  const redo = () => {
    dispatch({ type: 'redo' });
    deselect();
    setSaid(intl.formatMessage(SAID.redone));
  };
  const { selected } = gesture;
  const deleteSelected = () => {
    const gone = selected === null ? undefined : shapes[selected];
    if (!gone) return;
    deselect();
    commit(
      shapes.filter((_, index) => index !== selected),
      intl.formatMessage(SAID.deleted, { mark: describeShape(gone, intl) }),
    );
  };
  useMarkupShortcuts({ undo, redo, deleteSelected: selected === null ? null : deleteSelected });

  /** A label put down with the keyboard: the same as a tap in the middle of what is on screen. */
  const placeLabelInTheMiddle = () => {
    if (!shownView) return;
    const at = [(width / 2 - shownView.x) / scale, (height / 2 - shownView.y) / scale] as const;
    step({ type: 'start', at });
    step({ type: 'end', at });
  };

  const save = async () => {
    const stage = stageRef.current;
    const screenOnly = screenOnlyRef.current;
    const marks = marksRef.current;
    if (!stage || !screenOnly || !marks || !image) return;
    setSaving(true);
    setFailure(null);
    try {
      const jpeg = await renderMarkedJpeg(stage, { marks, screenOnly }, image);
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
      setFailure(error instanceof WordedError ? error.message : FAILURE_WORDS.markedNotSaved);
      setSaving(false);
    }
  };

  const selectedShape = tool === 'move' && selected !== null ? shown.shapes[selected] : undefined;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="markup-editor">
      <MarkupHeader
        filename={filename}
        originalChoice={props.originalChoice}
        hasMarks={shapes.length > 0}
        saving={saving}
        question={question}
        onSave={() => void save()}
      />
      <MarkupToolbar
        tool={tool}
        onTool={(next) => {
          setTool(next);
          setNotice(null);
          deselect();
        }}
        color={color}
        onColor={setColor}
        width={widthIndex}
        onWidth={setWidthIndex}
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
      <ToolOptions
        tool={tool}
        labelText={labelText}
        onLabelText={(text) => {
          setLabelText(text);
          setNotice(null);
        }}
        onPlaceLabel={placeLabelInTheMiddle}
      />
      {failure && (
        <Alert color="red" role="alert" mx="sm" mb={6}>
          {failure}
        </Alert>
      )}
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <div
          ref={container}
          {...gestures}
          role="img"
          aria-label={intl.formatMessage(
            {
              defaultMessage:
                '{filename} with {count, plural, one {# mark} other {# marks}}. Draw with a finger, pen or mouse; pinch or use the zoom buttons to zoom.',
              id: 'zaJkyE',
              description: 'The photo being marked up, for screen readers',
            },
            { filename, count: shapes.length },
          )}
          data-testid="markup-canvas"
          style={{
            position: 'absolute',
            inset: 0,
            // Shown (and touchable) once the photo is there to draw on; "Opening…" over it until then.
            visibility: shownBitmap ? 'visible' : 'hidden',
            overflow: 'hidden',
            touchAction: 'none',
            background: 'var(--mantine-color-default-hover)',
            cursor: tool === 'move' ? 'grab' : 'crosshair',
          }}
        >
          {/* The stage is laid out with the editor; the photo is drawn on it when it is there. */}
          {shownView && width > 0 && (
            <MarkupStage
              stageRef={stageRef}
              screenOnlyRef={screenOnlyRef}
              marksRef={marksRef}
              area={{ width, height }}
              view={shownView}
              picture={picture}
              bitmap={shownBitmap ?? null}
              shapes={shown.shapes}
              drawing={shown.drawing}
              selected={selectedShape}
              mosaic={mosaic}
            />
          )}
          <Text role="status" fw={600} data-visible={notice !== null} className={classes.notice}>
            {notice}
          </Text>
        </div>
        {!shownBitmap && (
          <div style={{ position: 'absolute', inset: 0 }}>
            <OpeningPhoto filename={filename} />
          </div>
        )}
      </div>
      <VisuallyHidden>
        <ul aria-label={intl.formatMessage({ defaultMessage: 'Marks on the photo', id: 'K2xH+w' })}>
          {shapes.map((shape, index) => (
            <li key={index}>{describeShape(shape, intl)}</li>
          ))}
        </ul>
      </VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite">
        {said}
      </VisuallyHidden>
    </div>
  );
}
