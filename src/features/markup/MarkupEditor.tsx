import { Alert, Button, Center, Checkbox, Group, Loader, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAppConfig } from '../../config/ConfigContext.tsx';
import type { MarkupDraft } from '../../upload/types.ts';
import { loadMarkupImage } from './loadMarkupImage.ts';
import { MarkupWorkspace } from './MarkupWorkspace.tsx';

export interface MarkupResult {
  /** The marked copy: `<name>.marked.jpg`, upright, within the photo cap. */
  file: File;
  /** The marks as data, as they were at saving. */
  draft: MarkupDraft;
  /** Whether the original (when it is not attached yet) should be attached too. */
  keepOriginal: boolean;
}

export interface MarkupEditorProps {
  image: Blob;
  filename: string;
  /** Marks saved earlier, reopened editable. */
  initial?: MarkupDraft;
  /** The original is not attached yet: offer to keep it out. */
  offerKeepOriginal?: boolean;
  /** Every change of the marks, e.g. to store them with a queued photo. */
  onChange?(draft: MarkupDraft): void;
  onSave(result: MarkupResult): Promise<void> | void;
  onCancel(): void;
}

type Loaded = { bitmap: ImageBitmap } | { error: string } | null;

/**
 * The full-screen mark-up editor: arrows, circles, boxes, freehand, labels and blurred areas on a
 * photo, saved as a new JPEG next to the original, which is never changed.
 */
export default function MarkupEditor(props: MarkupEditorProps) {
  const { image, filename, onCancel } = props;
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [keepOriginal, setKeepOriginal] = useState(true);
  const { photoMaxEdgePx } = useAppConfig();

  useEffect(() => {
    let bitmap: ImageBitmap | null = null;
    let live = true;
    loadMarkupImage(image, photoMaxEdgePx).then(
      (decoded) => {
        if (live) setLoaded({ bitmap: (bitmap = decoded) });
        else decoded.close();
      },
      () =>
        live &&
        setLoaded({
          error:
            'This picture could not be opened. It may be damaged or in a format this browser cannot read.',
        }),
    );
    return () => {
      live = false;
      bitmap?.close();
    };
  }, [image, photoMaxEdgePx]);

  return (
    <Modal.Root opened fullScreen onClose={onCancel} closeOnEscape={false}>
      <Modal.Content style={{ overflow: 'hidden' }}>
        <Modal.Body p={0} h="100dvh">
          {loaded && 'bitmap' in loaded ? (
            <MarkupWorkspace
              {...props}
              bitmap={loaded.bitmap}
              keepOriginal={keepOriginal}
              originalChoice={
                props.offerKeepOriginal ? (
                  <Checkbox
                    size="lg"
                    label="Attach the original too"
                    checked={keepOriginal}
                    onChange={(event) => setKeepOriginal(event.currentTarget.checked)}
                  />
                ) : null
              }
            />
          ) : loaded ? (
            <Center h="100%" p="md">
              <Alert
                color="red"
                title={<Modal.Title>The photo could not be opened</Modal.Title>}
                role="alert"
              >
                <Text>{loaded.error}</Text>
                <Group mt="sm">
                  <Button mih={48} onClick={onCancel}>
                    Close
                  </Button>
                </Group>
              </Alert>
            </Center>
          ) : (
            <Center h="100%" role="status" aria-live="polite">
              <Loader aria-hidden />
              <Modal.Title ml="sm" fz="md" fw={400}>
                Opening {filename}…
              </Modal.Title>
            </Center>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
