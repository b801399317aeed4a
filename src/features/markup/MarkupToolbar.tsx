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
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { TOOL_ICONS, toolHint, toolName } from './markupToolFaces.ts';
import { MARKUP_TOOLS, type Tool } from './markupTools.tsx';
import { labelPresets, markupColors, markupWidths } from './shapeModel.ts';

/** The toolbar's tools: one for each kind of mark (from MARKUP_TOOLS, in its order), then Move. */
const tools: Tool[] = [...(Object.keys(MARKUP_TOOLS) as (keyof typeof MARKUP_TOOLS)[]), 'move'];

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

/** The names of the toolbar's buttons that act at once, as their tooltips show them. */
const ACTIONS = defineMessages({
  undo: { defaultMessage: 'Undo', id: 'WXpTyM', description: 'Take back the last change of the marks' },
  redo: { defaultMessage: 'Redo', id: 'YnSry8', description: 'Make again the change taken back' },
  delete: { defaultMessage: 'Delete selected mark', id: 'Isdnmf' },
  zoomOut: { defaultMessage: 'Zoom out', id: '/UnJ3S' },
  zoomIn: { defaultMessage: 'Zoom in', id: 'xbi38c' },
  fit: { defaultMessage: 'Fit the photo', id: 'IK1Egc' },
});

/** One of the toolbar's buttons that act at once (undo, zoom…): an icon named by its tooltip. */
interface Action {
  label: MessageDescriptor;
  icon: Icon;
  onClick(): void;
  disabled?: boolean;
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
  const intl = useIntl();
  const { tool, history, selection, zoom } = props;
  const actions: Action[] = [
    { label: ACTIONS.undo, icon: IconArrowBackUp, onClick: history.onUndo, disabled: !history.canUndo },
    { label: ACTIONS.redo, icon: IconArrowForwardUp, onClick: history.onRedo, disabled: !history.canRedo },
    { label: ACTIONS.delete, icon: IconTrash, onClick: selection.onDelete, disabled: !selection.canDelete },
    { label: ACTIONS.zoomOut, icon: IconZoomOut, onClick: zoom.onOut },
    { label: ACTIONS.zoomIn, icon: IconZoomIn, onClick: zoom.onIn },
    { label: ACTIONS.fit, icon: IconZoomReset, onClick: zoom.onFit },
  ];
  return (
    <Group
      gap="xs"
      wrap="wrap"
      px="sm"
      py={6}
      role="toolbar"
      aria-label={intl.formatMessage({ defaultMessage: 'Mark-up tools', id: 'hEaHFD' })}
    >
      <SegmentedControl
        aria-label={intl.formatMessage({
          defaultMessage: 'Tool',
          id: 'LpBXMS',
          description: 'The mark-up tool chosen',
        })}
        value={tool}
        onChange={(value) => props.onTool(value as Tool)}
        styles={touch}
        data={tools.map((value) => {
          const ToolIcon = TOOL_ICONS[value];
          return {
            value,
            label: (
              <Group gap={4} wrap="nowrap">
                <ToolIcon size={22} aria-hidden />
                <span>{toolName(value, intl)}</span>
              </Group>
            ),
          };
        })}
      />
      <SegmentedControl
        aria-label={intl.formatMessage({
          defaultMessage: 'Colour',
          id: 'v8U2sW',
          description: 'The colour of the next mark',
        })}
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
              <VisuallyHidden>{intl.formatMessage(name)}</VisuallyHidden>
            </>
          ),
        }))}
      />
      <SegmentedControl
        aria-label={intl.formatMessage({ defaultMessage: 'Line width', id: 'kpKlfk' })}
        value={String(props.width)}
        onChange={(value) => props.onWidth(Number(value))}
        styles={touch}
        data={markupWidths.map(({ name }, index) => ({
          value: String(index),
          label: intl.formatMessage(name),
        }))}
      />
      <Group gap={4}>
        {actions.map(({ label, icon: Glyph, onClick, disabled }) => (
          <IconButton key={label.id} label={intl.formatMessage(label)} onClick={onClick} disabled={disabled}>
            <Glyph size={22} aria-hidden />
          </IconButton>
        ))}
        <Text size="sm" miw="4.5rem" data-testid="markup-zoom">
          {zoom.percent !== null && (
            <FormattedMessage
              defaultMessage="Zoom {percent}%"
              id="OQHdwE"
              description="How large the photo is shown, in percent"
              values={{ percent: zoom.percent }}
            />
          )}
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
  const intl = useIntl();
  const presets = labelPresets.map((preset) => intl.formatMessage(preset));
  const isPreset = presets.includes(labelText);
  return (
    <Group gap={8} wrap="nowrap" px="sm" py={6} mih={60} style={{ overflowX: 'auto' }}>
      {tool === 'text' ? (
        <Group
          gap={8}
          wrap="nowrap"
          role="group"
          aria-label={intl.formatMessage({
            defaultMessage: 'Label text',
            id: 'hM5OK5',
            description: 'The words of a label to put on the photo',
          })}
        >
          {presets.map((preset) => (
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
            aria-label={intl.formatMessage({ defaultMessage: 'Own label text', id: 'BSDCwT' })}
            placeholder={intl.formatMessage({
              defaultMessage: 'or type one',
              id: 'TPH2ls',
              description: 'Placeholder of the field for a label of ones own, after the ready-made labels',
            })}
            maxLength={60}
            w={150}
            value={isPreset ? '' : labelText}
            onChange={(event) => onLabelText(event.currentTarget.value)}
            styles={{ input: { minHeight: 48 } }}
          />
          <Button mih={48} px="sm" variant="light" onClick={onPlaceLabel} disabled={labelText.trim() === ''}>
            <FormattedMessage defaultMessage="Add label in the middle" id="gCzeNp" />
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {toolHint(tool, intl)}
        </Text>
      )}
    </Group>
  );
}
