import { ActionIcon, Group, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { ZOOM_MAX, ZOOM_MIN, zoomSteps } from './zoomSteps.ts';

/** Zoom out, the level, zoom in and back to fit: 44 px buttons for gloved fingers. */
export function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom(zoom: number): void }) {
  const { smaller, larger } = zoomSteps(zoom);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label="Zoom out"
        disabled={zoom <= ZOOM_MIN}
        onClick={() => onZoom(smaller)}
      >
        <IconZoomOut aria-hidden />
      </ActionIcon>
      <Text miw={56} ta="center" data-testid="zoom-level">
        {Math.round(zoom * 100)} %
      </Text>
      <ActionIcon
        variant="default"
        aria-label="Zoom in"
        disabled={zoom >= ZOOM_MAX}
        onClick={() => onZoom(larger)}
      >
        <IconZoomIn aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label="Fit to the window"
        disabled={zoom === 1}
        onClick={() => onZoom(1)}
      >
        <IconZoomReset aria-hidden />
      </ActionIcon>
    </Group>
  );
}
