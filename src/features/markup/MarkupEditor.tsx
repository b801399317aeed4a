import { Center, Checkbox, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDialogFocus } from '../../components/dialogFocus.ts';
import { useAppConfig } from '../../config/ConfigContext.tsx';
import type { MarkupEditorProps } from './markupEditorProps.ts';
import { openMarkupPicture, prepareMarkupWorker, type MarkupPicture } from './markupPicture.ts';
import { OpeningPhoto } from './OpeningPhoto.tsx';
import { headerPictureSize } from './pictureSize.ts';
import type { Size } from './shapeModel.ts';
import { MarkupWorkspace } from './MarkupWorkspace.tsx';
import { MarkupProblemAlert } from './MarkupProblemAlert.tsx';

// The editor's code loads when a "Mark up" button is touched, pointed at or focused: the worker
// that will open the photo starts with it.
prepareMarkupWorker();

/** The decoded photo, `failed` when it cannot be decoded, or null while it is. */
type Loaded = { picture: MarkupPicture } | 'failed' | null;

/**
 * The full-screen mark-up editor: arrows, circles, boxes, freehand, labels and blurred areas on a
 * photo, saved as a new JPEG next to the original, which is never changed.
 */
export default function MarkupEditor(props: MarkupEditorProps) {
  const intl = useIntl();
  const { image, filename, onCancel } = props;
  const [loaded, setLoaded] = useState<Loaded>(null);
  /** The picture's size from the photo's header: the editor is laid out with it while the photo decodes. */
  const [headerSize, setHeaderSize] = useState<Size | null>(null);
  const [keepOriginal, setKeepOriginal] = useState(true);
  const { photoMaxEdgePx } = useAppConfig();
  const focus = useDialogFocus();

  useEffect(() => {
    let picture: MarkupPicture | null = null;
    let live = true;
    void headerPictureSize(image, photoMaxEdgePx).then(
      (size) => live && setHeaderSize(size),
      () => undefined,
    );
    openMarkupPicture(image, photoMaxEdgePx).then(
      (opened) => {
        if (live) setLoaded({ picture: (picture = opened) });
        else opened.close();
      },
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
      picture?.close();
    };
  }, [image, photoMaxEdgePx]);

  const picture = loaded && loaded !== 'failed' ? loaded.picture : null;
  const size = picture ?? (loaded === null ? headerSize : null);

  return (
    <Modal.Root opened fullScreen onClose={onCancel} closeOnEscape={false}>
      {/* Named by its title once that is there; by this until then. */}
      <Modal.Content
        style={{ overflow: 'hidden' }}
        aria-label={intl.formatMessage(
          {
            defaultMessage: 'Mark up {filename}',
            id: '6XIKkc',
            description: 'Title of the editor that draws on a copy of a photo',
          },
          { filename },
        )}
      >
        <Modal.Body p={0} h="100dvh" ref={focus}>
          {size ? (
            <MarkupWorkspace
              // Laid out anew in the unlikely case the decoded picture is not the size its header said.
              key={`${size.width}x${size.height}`}
              {...props}
              size={size}
              picture={picture}
              keepOriginal={keepOriginal}
              originalChoice={
                props.offerKeepOriginal ? (
                  // The whole card is the control: a gloved finger needs more than the 30 px box.
                  <Checkbox.Card
                    checked={keepOriginal}
                    onChange={setKeepOriginal}
                    radius="md"
                    w="auto"
                    mih={48}
                    px="sm"
                  >
                    <Group gap="xs" wrap="nowrap" mih={46}>
                      <Checkbox.Indicator size="md" />
                      <Text size="sm">
                        <FormattedMessage defaultMessage="Attach the original too" id="HIuraS" />
                      </Text>
                    </Group>
                  </Checkbox.Card>
                ) : null
              }
            />
          ) : loaded ? (
            <Center h="100%" p="md">
              <MarkupProblemAlert
                title={
                  <Modal.Title>
                    <FormattedMessage defaultMessage="The photo could not be opened" id="Ae1jDC" />
                  </Modal.Title>
                }
                message={
                  <FormattedMessage
                    defaultMessage="This picture could not be opened. It may be damaged or in a format this browser cannot read."
                    id="O0XdOb"
                  />
                }
                onClose={onCancel}
              />
            </Center>
          ) : (
            <OpeningPhoto filename={filename} asTitle />
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
