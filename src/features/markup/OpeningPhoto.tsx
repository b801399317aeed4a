import { Center, Loader, Modal, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/**
 * "Opening <photo>…" while the photo decodes: in place of the whole editor (`asTitle`, the dialog's
 * title until the editor's is there) or over the editor's empty drawing area.
 */
export function OpeningPhoto({ filename, asTitle = false }: { filename: string; asTitle?: boolean }) {
  const words = (
    <FormattedMessage
      defaultMessage="Opening {filename}…"
      id="H00y1c"
      description="A photo is being opened in the mark-up editor"
      values={{ filename }}
    />
  );
  return (
    <Center h="100%" w="100%" role="status" aria-live="polite">
      <Loader aria-hidden />
      {asTitle ? (
        <Modal.Title ms="sm" fz="md" fw={400}>
          {words}
        </Modal.Title>
      ) : (
        <Text ms="sm">{words}</Text>
      )}
    </Center>
  );
}
