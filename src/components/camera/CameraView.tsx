import type { ReactNode, RefObject } from 'react';
import { Alert, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { CameraState } from './useCameraStream.ts';
import classes from './cameraView.module.css';

interface Props {
  videoRef: RefObject<HTMLVideoElement | null>;
  camera: CameraState;
  /** The alert's title when the camera cannot be used, in the dialog's own words. */
  unavailableTitle: string;
  /** What the alert says and offers then: the camera's `reason` (a sentence), a way around it. */
  unavailable(reason: string): ReactNode;
  /** Keeps the "Starting the camera…" status region in the page once the camera is live (empty then). */
  keepStatus?: boolean;
}

/**
 * A camera dialog's picture: the live rear camera in its viewfinder, or, when it cannot be used, an
 * alert saying so. The scanner and the in-page camera both show it.
 */
export function CameraView({ videoRef, camera, unavailableTitle, unavailable, keepStatus = false }: Props) {
  const intl = useIntl();
  if (camera.status === 'unavailable') {
    return (
      <Alert color="orange" title={unavailableTitle} role="alert">
        {unavailable(camera.reason)}
      </Alert>
    );
  }
  const starting = camera.status === 'starting';
  return (
    <div className={classes.viewfinder}>
      {/* Muted and inline: autoplay on phones and tablets; no mirroring, the rear camera shows what is there. */}
      <video
        ref={videoRef}
        className={classes.video}
        muted
        playsInline
        aria-label={intl.formatMessage({ defaultMessage: 'Camera view', id: 'AyhHhl' })}
      />
      {(starting || keepStatus) && (
        <Text className={classes.starting} role="status">
          {starting ? intl.formatMessage({ defaultMessage: 'Starting the camera…', id: 'LNR18V' }) : ''}
        </Text>
      )}
    </div>
  );
}
