import type { ReactNode, RefObject } from 'react';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDialogFocus } from '../dialogFocus.ts';
import { useHoldNotices } from '../heldNotices.ts';
import type { CameraState } from './useCameraStream.ts';
import classes from './cameraView.module.css';

interface Props {
  /** The camera the dialog shows (useCameraStream's). */
  videoRef: RefObject<HTMLVideoElement | null>;
  camera: CameraState;
  title: string;
  /** The close button's name, in the dialog's own words. */
  closeLabel: string;
  onClose(): void;
  closeOnEscape?: boolean;
  /** The alert's title when the camera cannot be used, in the dialog's own words. */
  unavailableTitle: string;
  /** What the alert says and offers then: the camera's `reason` (a sentence), a way around it. */
  unavailable(reason: string): ReactNode;
  /** Keeps the "Starting the camera…" status region in the page once the camera is live (empty then). */
  keepStatus?: boolean;
  /** What the dialog shows under the picture. */
  children: ReactNode;
  /** Shown over the dialog (a dialog it opens), outside its layout. */
  over?: ReactNode;
}

/**
 * A camera dialog: full screen, the live rear camera in its viewfinder (or, when it cannot be used, an
 * alert saying so), and the dialog's own controls under it. The scanner and the in-page camera are one.
 */
export function CameraModal(props: Props) {
  const { title, closeLabel, onClose, closeOnEscape = true, children, over } = props;
  const focus = useDialogFocus();
  // The viewfinder fills the screen: notices wait until the camera closes rather than cover it.
  useHoldNotices();
  return (
    <Modal
      opened
      onClose={onClose}
      closeOnEscape={closeOnEscape}
      fullScreen
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      classNames={{ content: classes.content, body: classes.body }}
    >
      <Stack gap="sm" className={classes.layout} ref={focus}>
        <CameraPicture {...props} />
        {children}
      </Stack>
      {over}
    </Modal>
  );
}

function CameraPicture({ videoRef, camera, unavailableTitle, unavailable, keepStatus = false }: Props) {
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
