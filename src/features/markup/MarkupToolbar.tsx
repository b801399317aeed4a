import {
  ActionIcon,
  Button,
  ColorSwatch,
  Group,
  SegmentedControl,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowUpRight,
  IconArrowsMove,
  IconBlur,
  IconCircle,
  IconScribble,
  IconSquare,
  IconTag,
  IconTrash,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { labelPresets, markupColors, markupWidths, type ShapeKind } from './markupShapes.ts';

export type Tool = ShapeKind | 'move';

const tools: { value: Tool; label: string; icon: ReactNode }[] = [
  { value: 'arrow', label: 'Arrow', icon: <IconArrowUpRight size={22} aria-hidden /> },
  { value: 'ellipse', label: 'Circle', icon: <IconCircle size={22} aria-hidden /> },
  { value: 'rect', label: 'Box', icon: <IconSquare size={22} aria-hidden /> },
  { value: 'ink', label: 'Draw', icon: <IconScribble size={22} aria-hidden /> },
  { value: 'text', label: 'Label', icon: <IconTag size={22} aria-hidden /> },
  { value: 'blur', label: 'Blur', icon: <IconBlur size={22} aria-hidden /> },
  { value: 'move', label: 'Move', icon: <IconArrowsMove size={22} aria-hidden /> },
];

/** Gloved fingers: every control is at least 48 px. */
const touch = { root: { minHeight: 48 }, label: { minHeight: 44, display: 'flex', alignItems: 'center' } };

interface Props {
  tool: Tool;
  onTool(tool: Tool): void;
  color: string;
  onColor(color: string): void;
  width: number;
  onWidth(index: number): void;
  labelText: string;
  onLabelText(text: string): void;
  onPlaceLabel(): void;
  history: { canUndo: boolean; canRedo: boolean; onUndo(): void; onRedo(): void };
  selection: { canDelete: boolean; onDelete(): void };
  /** percent: screen pixels per 100 photo pixels; null until the photo is laid out. */
  zoom: { percent: number | null; onIn(): void; onOut(): void; onFit(): void };
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size={48} aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The editor's controls; all of them work from the keyboard and are named for screen readers. */
export function MarkupToolbar(props: Props) {
  const { tool, history, selection, zoom } = props;
  return (
    <Group gap="xs" wrap="wrap" px="sm" py={6} role="toolbar" aria-label="Mark-up tools">
      <SegmentedControl
        aria-label="Tool"
        value={tool}
        onChange={(value) => props.onTool(value as Tool)}
        styles={touch}
        data={tools.map(({ value, label, icon }) => ({
          value,
          label: (
            <Group gap={4} wrap="nowrap">
              {icon}
              <span>{label}</span>
            </Group>
          ),
        }))}
      />
      <SegmentedControl
        aria-label="Colour"
        value={props.color}
        onChange={props.onColor}
        styles={touch}
        data={markupColors.map(({ name, value }) => ({
          value,
          label: (
            <>
              {/* A ring, so black stays visible on the dark theme and white on the light one. */}
              <ColorSwatch
                color={value}
                size={26}
                aria-hidden
                style={{ boxShadow: '0 0 0 2px var(--mantine-color-dimmed)' }}
              />
              <VisuallyHidden>{name}</VisuallyHidden>
            </>
          ),
        }))}
      />
      <SegmentedControl
        aria-label="Line width"
        value={String(props.width)}
        onChange={(value) => props.onWidth(Number(value))}
        styles={touch}
        data={markupWidths.map(({ name }, index) => ({ value: String(index), label: name }))}
      />
      <Group gap={4}>
        <IconButton label="Undo" onClick={history.onUndo} disabled={!history.canUndo}>
          <IconArrowBackUp size={22} aria-hidden />
        </IconButton>
        <IconButton label="Redo" onClick={history.onRedo} disabled={!history.canRedo}>
          <IconArrowForwardUp size={22} aria-hidden />
        </IconButton>
        <IconButton label="Delete selected mark" onClick={selection.onDelete} disabled={!selection.canDelete}>
          <IconTrash size={22} aria-hidden />
        </IconButton>
        <IconButton label="Zoom out" onClick={zoom.onOut}>
          <IconZoomOut size={22} aria-hidden />
        </IconButton>
        <IconButton label="Zoom in" onClick={zoom.onIn}>
          <IconZoomIn size={22} aria-hidden />
        </IconButton>
        <IconButton label="Fit the photo" onClick={zoom.onFit}>
          <IconZoomReset size={22} aria-hidden />
        </IconButton>
        <Text size="sm" miw="4.5rem" data-testid="markup-zoom">
          {zoom.percent !== null && `Zoom ${zoom.percent}%`}
        </Text>
      </Group>
      {tool === 'text' && (
        <Group gap="xs" wrap="wrap" role="group" aria-label="Label text">
          {labelPresets.map((preset) => (
            <Button
              key={preset}
              mih={48}
              variant={props.labelText === preset ? 'filled' : 'default'}
              aria-pressed={props.labelText === preset}
              onClick={() => props.onLabelText(preset)}
            >
              {preset}
            </Button>
          ))}
          <TextInput
            aria-label="Own label text"
            placeholder="Own text"
            maxLength={60}
            value={
              labelPresets.includes(props.labelText as (typeof labelPresets)[number]) ? '' : props.labelText
            }
            onChange={(event) => props.onLabelText(event.currentTarget.value)}
            styles={{ input: { minHeight: 48 } }}
          />
          <Button
            mih={48}
            variant="light"
            onClick={props.onPlaceLabel}
            disabled={props.labelText.trim() === ''}
          >
            Add label in the middle
          </Button>
        </Group>
      )}
    </Group>
  );
}
