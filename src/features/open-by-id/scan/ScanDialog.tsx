import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCameraStream } from '../../../components/camera/useCameraStream.ts';
import { TorchButton } from '../../../components/camera/TorchButton.tsx';
import { createBarcodeDetector, signalScanned } from './barcodeDetector.ts';
import { CameraModal } from '../../../components/camera/CameraModal.tsx';

interface Props {
  onClose(): void;
  /** The text of the first code read; the dialog closes itself after. */
  onScan(text: string): void;
}

/** Reads frames until a code is found; each frame is read after the previous one is done. */
function useFirstCode(
  videoRef: RefObject<HTMLVideoElement | null>,
  live: boolean,
  onCode: (text: string) => void,
) {
  const intl = useIntl();
  const [problem, setProblem] = useState<string | null>(null);
  const found = useEffectEvent(onCode);
  const cannotRead = useEffectEvent((error: unknown) =>
    setProblem(
      intl.formatMessage(
        {
          defaultMessage: 'Codes cannot be read on this device: {reason}',
          id: 'apX1tv',
          description: "{reason} is the browser's own error, as it gives it",
        },
        { reason: String(error) },
      ),
    ),
  );
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !live) return;
    let stopped = false;
    const next = (read: () => void) =>
      'requestVideoFrameCallback' in video ? video.requestVideoFrameCallback(read) : setTimeout(read, 100);
    createBarcodeDetector().then(
      (detector) => {
        const read = async () => {
          if (stopped) return;
          let codes;
          try {
            codes = await detector.detect(video);
          } catch (error) {
            // A decoder that cannot run (its WebAssembly refused or missing) would never read a code.
            if (!stopped) cannotRead(error);
            return;
          }
          const text = codes[0]?.rawValue;
          if (stopped) return;
          if (text) found(text);
          else next(() => void read());
        };
        void read();
      },
      (error: unknown) => cannotRead(error),
    );
    return () => {
      stopped = true;
    };
  }, [videoRef, live]);
  return problem;
}

/** The camera as a scanner: point it at a label (QR, Code 128, Data Matrix) and the record opens. */
export default function ScanDialog({ onClose, onScan }: Props) {
  const intl = useIntl();
  const { videoRef, camera } = useCameraStream();
  const [found, setFound] = useState(false);
  const problem = useFirstCode(videoRef, camera.status === 'live' && !found, (text) => {
    setFound(true);
    signalScanned();
    onClose();
    onScan(text);
  });
  const track = camera.status === 'live' ? camera.track : undefined;

  return (
    <CameraModal
      videoRef={videoRef}
      camera={camera}
      title={intl.formatMessage({ defaultMessage: 'Scan a label', id: 'vA/Hcg' })}
      closeLabel={intl.formatMessage({ defaultMessage: 'Close', id: 'rbrahO' })}
      onClose={onClose}
      unavailableTitle={intl.formatMessage({
        defaultMessage: 'The camera cannot be used to scan',
        id: 'MdYeT5',
      })}
      unavailable={(reason) => (
        <FormattedMessage
          defaultMessage="{reason} A label can still be read with a hardware scanner, or its id typed on the home page."
          id="xG950p"
          description="{reason} says in a sentence why the camera cannot be used"
          values={{ reason }}
        />
      )}
      keepStatus
    >
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Text ta="center">
        <FormattedMessage
          defaultMessage="Hold the label inside the picture; it opens as soon as it is read."
          id="rr8HyL"
        />
      </Text>
      <Group justify="center">
        <TorchButton track={track} />
        <Button size="lg" variant="default" onClick={onClose}>
          <FormattedMessage defaultMessage="Cancel" id="47FYwb" />
        </Button>
      </Group>
    </CameraModal>
  );
}
