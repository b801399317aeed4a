import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { FreshDownloadUrlQuery } from './attachmentDocuments.ts';
import { httpUrl, type AttachmentType } from './attachmentType.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { useContentPreview, useStoredFile } from './useStoredFile.ts';
import { ZoomableImage } from './ZoomableImage.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { toUserMessage } from '../../graphql/errors.ts';
import { RetryMessage } from '../../components/RetryMessage.tsx';
import { useDialogFocus } from '../../components/dialogFocus.ts';
import { preloadMarkupEditor } from '../markup/index.ts';
import { KeptPreview, useOfflineKeptCopy } from './KeptCopy.tsx';

// pdf.js is large: it is fetched when a PDF is first previewed, not with the app.
const PdfViewer = lazy(() => import('./PdfViewer.tsx'));

export interface PreviewTarget {
  id: number;
  filename: string | null;
  /** 'by-content': the file says nothing of its type; its first bytes decide how it shows. */
  type: Extract<AttachmentType, 'image' | 'pdf'> | 'by-content';
}

interface Props {
  target: PreviewTarget | null;
  /** The record's other previews in list order, for next and previous (empty: no stepping). */
  siblings?: readonly PreviewTarget[];
  onNavigate?(target: PreviewTarget): void;
  onClose(): void;
  /** Given where a marked-up copy of an image can be attached. */
  onMarkUp?(target: PreviewTarget): void;
}

/** Shows an image or PDF in the app; each opening asks for a fresh signed URL. */
export function AttachmentPreviewModal({ target, siblings = [], onNavigate, onClose, onMarkUp }: Props) {
  const index = target ? siblings.findIndex((sibling) => sibling.id === target.id) : -1;
  const previous = index > 0 ? siblings[index - 1] : undefined;
  const next = index >= 0 ? siblings[index + 1] : undefined;
  const go = (to: PreviewTarget | undefined) => to && onNavigate?.(to);
  const isImage = target?.type === 'image';
  const focus = useDialogFocus();
  useEffect(() => {
    if (!isImage) return;
    // On the document: a button that became disabled at the end of the list leaves no focus behind.
    const onKey = (event: KeyboardEvent) => {
      const to = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : undefined;
      if (!to) return;
      event.preventDefault();
      onNavigate?.(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isImage, previous, next, onNavigate]);
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
        <Stack ref={focus}>
          <PreviewBody key={target.id} target={target} />
          <Group justify="flex-end" align="flex-start">
            {siblings.length > 1 && index >= 0 && (
              <Group gap="xs" mr="auto">
                <Button variant="default" disabled={!previous} onClick={() => go(previous)}>
                  Previous image
                </Button>
                <Text size="sm" aria-live="polite">
                  {index + 1} of {siblings.length}
                </Text>
                <Button variant="default" disabled={!next} onClick={() => go(next)}>
                  Next image
                </Button>
              </Group>
            )}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {onMarkUp && target.type === 'image' && (
              <Button variant="light" onClick={() => onMarkUp(target)} {...preloadMarkupEditor}>
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
  const kept = useOfflineKeptCopy(target.id);
  const { data, error, loading, refetch } = useQuery(FreshDownloadUrlQuery, {
    variables: { id: String(target.id) },
    fetchPolicy: 'network-only',
  });
  // The URL asked for at opening is kept while the preview is open: a record refresh writes newer
  // URLs of the same attachment into the cache, and the file must not load again under the technician.
  const [openedUrl, setOpenedUrl] = useState<string | null>(null);
  const fresh = httpUrl(data?.fileAttachment?.downloadUrl);
  if (openedUrl === null && fresh !== null) setOpenedUrl(fresh);
  const url = openedUrl ?? fresh;

  if (kept) return <KeptPreview kept={kept} filename={target.filename} />;
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
  if (target.type === 'by-content') return <ContentPreview url={url} filename={target.filename} />;
  if (target.type === 'image') {
    return <ZoomableImage src={url} alt={`Preview of ${displayFilename(target.filename).text}`} />;
  }
  return <PdfPreview url={url} filename={target.filename} />;
}

/** A file known only by its first bytes: shown as the image or PDF they say it is, or said not to be one. */
function ContentPreview({ url, filename }: { url: string; filename: string | null }) {
  const { preview, error } = useContentPreview(url);
  if (error) {
    return (
      <Alert color="red" title="The preview could not be opened">
        {error}
      </Alert>
    );
  }
  if (preview === undefined) return <PreviewLoading />;
  if (preview === 'image') {
    return <ZoomableImage src={url} alt={`Preview of ${displayFilename(filename).text}`} />;
  }
  if (preview === 'pdf') return <PdfPreview url={url} filename={filename} />;
  return (
    <Alert color="gray" title="No preview for this file">
      It is not an image or PDF this app can show. Download it to open it.
    </Alert>
  );
}

function PdfPreview({ url, filename }: { url: string; filename: string | null }) {
  const { blob, error } = useStoredFile(url);
  if (error) {
    return (
      <Alert color="red" title="The PDF could not be loaded">
        {error}
      </Alert>
    );
  }
  if (!blob) return <PreviewLoading />;
  return (
    <Suspense fallback={<PreviewLoading />}>
      <PdfViewer data={blob} name={displayFilename(filename).text} />
    </Suspense>
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
