import { Group, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ZOOM_MAX, ZOOM_MIN, zoomSteps } from './zoomSteps.ts';
import { ViewerButton } from './ViewerButton.tsx';

/** Zoom out, the level, zoom in and back to fit: 44 px buttons for gloved fingers. */
export function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom(zoom: number): void }) {
  const intl = useIntl();
  const { smaller, larger } = zoomSteps(zoom);
  return (
    <Group gap={4} wrap="nowrap">
      <ViewerButton
        icon={IconZoomOut}
        label={intl.formatMessage({ defaultMessage: 'Zoom out', id: '/UnJ3S' })}
        disabled={zoom <= ZOOM_MIN}
        onClick={() => onZoom(smaller)}
      />
      <Text miw={56} ta="center" data-testid="zoom-level">
        <FormattedMessage
          defaultMessage="{percent} %"
          id="kDj8Sw"
          description="The zoom level of a preview, in percent"
          values={{ percent: Math.round(zoom * 100) }}
        />
      </Text>
      <ViewerButton
        icon={IconZoomIn}
        label={intl.formatMessage({ defaultMessage: 'Zoom in', id: 'xbi38c' })}
        disabled={zoom >= ZOOM_MAX}
        onClick={() => onZoom(larger)}
      />
      <ViewerButton
        icon={IconZoomReset}
        label={intl.formatMessage({ defaultMessage: 'Fit to the window', id: 'yOH1Ox' })}
        disabled={zoom === 1}
        onClick={() => onZoom(1)}
      />
    </Group>
  );
}
