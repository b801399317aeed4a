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
  IconTrash,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MARKUP_TOOLS, MOVE_TOOL, type Tool } from './markupTools.tsx';
import { labelPresets, markupColors, markupWidths } from './shapeModel.ts';

/** The toolbar's tools: one for each kind of mark (from MARKUP_TOOLS, in its order), then Move. */
const tools: { value: Tool; label: string; icon: ReactNode; hint: string }[] = [
  ...(Object.keys(MARKUP_TOOLS) as (keyof typeof MARKUP_TOOLS)[]).map((value) => {
    const { label, icon, hint } = MARKUP_TOOLS[value];
    return { value, label, icon, hint };
  }),
  { value: 'move', ...MOVE_TOOL },
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
    </Group>
  );
}

/**
 * The chosen tool's own row: a label's words, or how to use the tool. It is always there and always
 * one line high, so choosing a tool never moves the photo under the finger about to tap it.
 */
export function ToolOptions({
  tool,
  labelText,
  onLabelText,
  onPlaceLabel,
}: {
  tool: Tool;
  labelText: string;
  onLabelText(text: string): void;
  onPlaceLabel(): void;
}) {
  const isPreset = labelPresets.includes(labelText as (typeof labelPresets)[number]);
  return (
    <Group gap={8} wrap="nowrap" px="sm" py={6} mih={60} style={{ overflowX: 'auto' }}>
      {tool === 'text' ? (
        <Group gap={8} wrap="nowrap" role="group" aria-label="Label text">
          {labelPresets.map((preset) => (
            <Button
              key={preset}
              mih={48}
              px="sm"
              variant={labelText === preset ? 'filled' : 'default'}
              aria-pressed={labelText === preset}
              onClick={() => onLabelText(preset)}
            >
              {preset}
            </Button>
          ))}
          <TextInput
            aria-label="Own label text"
            placeholder="or type one"
            maxLength={60}
            w={150}
            value={isPreset ? '' : labelText}
            onChange={(event) => onLabelText(event.currentTarget.value)}
            styles={{ input: { minHeight: 48 } }}
          />
          <Button mih={48} px="sm" variant="light" onClick={onPlaceLabel} disabled={labelText.trim() === ''}>
            Add label in the middle
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {tools.find((entry) => entry.value === tool)?.hint}
        </Text>
      )}
    </Group>
  );
}
