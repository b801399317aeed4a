import { lazy, useRef } from 'react';
import type { ButtonProps } from '@mantine/core';
import { LazyDialogButton } from '../../../components/LazyDialogButton.tsx';
import { IconCamera } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UploadTarget } from '../../../upload/types.ts';

// The camera's code loads when a technician first opens it, never with the page.
const CameraDialog = lazy(() => import('./CameraDialog.tsx'));

/** What the device's own camera app may hand back; explicit types, since `image/*` alone opens only the gallery on some Android versions. */
const CAMERA_APP_TYPES = 'image/jpeg,image/png,image/heic,image/heif,image/webp';

interface Props {
  target: UploadTarget;
  /** Files the camera app returned. */
  onFiles(files: File[]): void;
  /** Opens the camera at once (the technician asked for it when scanning). */
  openAtStart?: boolean;
  /** How the button looks where it sits among others (an evidence slot's are small). */
  size?: ButtonProps['size'];
  /** Its name for screen readers where "Take photo" alone would not say for what. */
  label?: string;
}

/** "Take photo": the in-page camera, with the device's camera app as the way out when it cannot run. */
export function TakePhotoButton({ target, onFiles, openAtStart = false, size, label }: Props) {
  const intl = useIntl();
  const cameraApp = useRef<HTMLInputElement>(null);
  return (
    <>
      <LazyDialogButton
        variant="default"
        size={size}
        aria-label={label}
        leftSection={<IconCamera size={size === 'sm' ? 18 : 20} aria-hidden />}
        openAtStart={openAtStart}
        dialog={(close) => (
          <CameraDialog
            target={target}
            onClose={close}
            onUseCameraApp={() => {
              close();
              cameraApp.current?.click();
            }}
          />
        )}
      >
        <FormattedMessage defaultMessage="Take photo" id="leu3Fa" />
      </LazyDialogButton>
      {/* Off screen rather than `hidden`: a hidden input opens only the gallery on Android 14+. */}
      <input
        ref={cameraApp}
        type="file"
        accept={CAMERA_APP_TYPES}
        capture="environment"
        tabIndex={-1}
        aria-label={intl.formatMessage(
          { defaultMessage: 'Take a photo to attach to {record}', id: 'gn4RIo' },
          { record: target.label },
        )}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}
