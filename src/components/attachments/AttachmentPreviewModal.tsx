import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { FreshDownloadUrlQuery } from './attachmentDocuments.ts';
import { httpUrl, type AttachmentType } from './attachmentType.ts';
import { displayFilename } from '../shared/displayFilename.ts';
import { usePdfObjectUrl } from './usePdfObjectUrl.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { toUserMessage } from '../../graphql/errors.ts';
import { RetryMessage } from '../shared/RetryMessage.tsx';
import { preloadMarkupEditor } from '../markup/index.ts';

export interface PreviewTarget {
  id: number;
  filename: string | null;
  type: Extract<AttachmentType, 'image' | 'pdf'>;
}

interface Props {
  target: PreviewTarget | null;
  onClose(): void;
  /** Given where a marked-up copy of an image can be attached. */
  onMarkUp?(target: PreviewTarget): void;
}

/** Shows an image or PDF in the app; each opening asks for a fresh signed URL. */
export function AttachmentPreviewModal({ target, onClose, onMarkUp }: Props) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close preview' }}
      title={target ? `Preview: ${displayFilename(target.filename).text}` : ''}
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 600 } }}
    >
      {target && (
        <Stack>
          <PreviewBody target={target} />
          <Group justify="flex-end" align="flex-start">
            <Button variant="default" onClick={onClose} mih={44}>
              Close
            </Button>
            {onMarkUp && target.type === 'image' && (
              <Button variant="light" mih={44} onClick={() => onMarkUp(target)} {...preloadMarkupEditor}>
                Mark up
              </Button>
            )}
            <DownloadButton attachment={target} variant="filled" />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function PreviewBody({ target }: { target: PreviewTarget }) {
  const { data, error, loading, refetch } = useQuery(FreshDownloadUrlQuery, {
    variables: { id: String(target.id) },
    fetchPolicy: 'network-only',
  });
  const url = httpUrl(data?.fileAttachment?.downloadUrl);

  if (loading) return <PreviewLoading />;
  if (error || !url) {
    return (
      <Alert color="red" title="The preview could not be opened">
        <RetryMessage
          size="sm"
          message={
            error ? toUserMessage(error) : 'This file no longer exists, or it has no download address.'
          }
          onRetry={() => void refetch()}
        />
      </Alert>
    );
  }
  if (target.type === 'image') {
    return (
      <Center>
        <img
          src={url}
          alt={`Preview of ${displayFilename(target.filename).text}`}
          referrerPolicy="no-referrer"
          style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
          data-testid="attachment-preview-image"
        />
      </Center>
    );
  }
  return <PdfPreview url={url} filename={target.filename} />;
}

function PdfPreview({ url, filename }: { url: string; filename: string | null }) {
  const { objectUrl, error } = usePdfObjectUrl(url);
  if (error) {
    return (
      <Alert color="red" title="The PDF could not be loaded">
        {error}
      </Alert>
    );
  }
  if (!objectUrl) return <PreviewLoading />;
  return (
    <iframe
      src={objectUrl}
      title={`PDF preview of ${displayFilename(filename).text}`}
      style={{ width: '100%', height: '70vh', border: 0 }}
      data-testid="attachment-preview-pdf"
    />
  );
}

function PreviewLoading() {
  return (
    <Center mih={200} role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <Text ml="sm">Loading preview…</Text>
    </Center>
  );
}
