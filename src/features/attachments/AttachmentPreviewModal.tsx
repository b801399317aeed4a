import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { FreshDownloadUrlQuery } from './attachmentDocuments.ts';
import { httpUrl, type PreviewType } from './attachmentType.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { useContentPreview, useStoredFile } from './useStoredFile.ts';
import { ZoomableImage } from './ZoomableImage.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { toUserMessage } from '../../graphql/errors.ts';
import { RetryMessage } from '../../components/RetryMessage.tsx';
import { useDialogFocus } from '../../components/dialogFocus.ts';
import { preloadMarkupEditor } from '../markup/index.ts';
import { KeptPreview, useOfflineKeptCopy } from './KeptCopy.tsx';
import { PreviewLoading } from './PreviewLoading.tsx';
import { MediaPreview } from './MediaPreview.tsx';

const PREVIEW_FAILED = defineMessage({ defaultMessage: 'The preview could not be opened', id: '977m+U' });

/** The picture's text alternative: "Preview of crack.jpg". */
function previewOf(filename: string | null, intl: IntlShape): string {
  return intl.formatMessage(
    {
      defaultMessage: 'Preview of {filename}',
      id: 'HRNdUE',
      description: 'Text alternative of a previewed image',
    },
    { filename: displayFilename(filename, intl).text },
  );
}

/**
 * Shown and announced unavailable when there is nothing to go to, yet still focusable: a button that
 * turned disabled under focus (Next image on the last image) dropped focus to the page's body.
 */
function unavailableUnless(to: PreviewTarget | undefined) {
  return to ? {} : { 'data-disabled': true, 'aria-disabled': true };
}

// pdf.js is large: it is fetched when a PDF is first previewed, not with the app.
const PdfViewer = lazy(() => import('./PdfViewer.tsx'));

export interface PreviewTarget {
  id: number;
  filename: string | null;
  /** 'by-content': the file says nothing of its type; its first bytes decide how it shows. */
  type: PreviewType | 'by-content';
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

/** Shows an image or PDF, or plays a clip or sound, in the app; each opening asks for a fresh signed URL. */
export function AttachmentPreviewModal({ target, siblings = [], onNavigate, onClose, onMarkUp }: Props) {
  const index = target ? siblings.findIndex((sibling) => sibling.id === target.id) : -1;
  const previous = index > 0 ? siblings[index - 1] : undefined;
  const next = index >= 0 ? siblings[index + 1] : undefined;
  const intl = useIntl();
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
      closeButtonProps={{
        'aria-label': intl.formatMessage({ defaultMessage: 'Close preview', id: '8jAKYt' }),
      }}
      title={
        target
          ? intl.formatMessage(
              {
                defaultMessage: 'Preview: {filename}',
                id: 'IoZBAK',
                description: 'Title of the preview of a file',
              },
              { filename: displayFilename(target.filename, intl).text },
            )
          : ''
      }
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 600 } }}
    >
      {target && (
        <Stack ref={focus}>
          <PreviewBody key={target.id} target={target} />
          <Group justify="flex-end" align="flex-start">
            {siblings.length > 1 && index >= 0 && (
              <Group gap="xs" me="auto">
                <Button variant="default" {...unavailableUnless(previous)} onClick={() => go(previous)}>
                  <FormattedMessage defaultMessage="Previous image" id="fb1a/o" />
                </Button>
                <Text size="sm" aria-live="polite">
                  <FormattedMessage
                    defaultMessage="{position} of {total}"
                    id="Nqsiif"
                    description="Which image of the record's images the preview shows, e.g. '2 of 5'"
                    values={{ position: index + 1, total: siblings.length }}
                  />
                </Text>
                <Button variant="default" {...unavailableUnless(next)} onClick={() => go(next)}>
                  <FormattedMessage defaultMessage="Next image" id="F+ukuP" />
                </Button>
              </Group>
            )}
            <Button variant="default" onClick={onClose}>
              <FormattedMessage defaultMessage="Close" id="IL0HuC" description="Button: close the preview" />
            </Button>
            {onMarkUp && target.type === 'image' && (
              <Button variant="light" onClick={() => onMarkUp(target)} {...preloadMarkupEditor}>
                <FormattedMessage
                  defaultMessage="Mark up"
                  id="nWYP1w"
                  description="Button: draw on a copy of the photo"
                />
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
  const intl = useIntl();
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
  if (loading) return <LoadingPreview />;
  if (error || !url) {
    return (
      <Alert color="red" title={intl.formatMessage(PREVIEW_FAILED)}>
        <RetryMessage
          size="sm"
          message={
            error
              ? toUserMessage(error)
              : intl.formatMessage({
                  defaultMessage: 'This file no longer exists, or it has no download address.',
                  id: 'otuZwj',
                })
          }
          onRetry={() => void refetch()}
        />
      </Alert>
    );
  }
  if (target.type === 'by-content') return <ContentPreview url={url} filename={target.filename} />;
  if (target.type === 'image') {
    return <ZoomableImage src={url} alt={previewOf(target.filename, intl)} />;
  }
  if (target.type === 'video' || target.type === 'audio') {
    return <MediaPreview url={url} kind={target.type} filename={target.filename} />;
  }
  return <PdfPreview url={url} filename={target.filename} />;
}

/** A file known only by its first bytes: shown as the image or PDF they say it is, or said not to be one. */
function ContentPreview({ url, filename }: { url: string; filename: string | null }) {
  const intl = useIntl();
  const { preview, error } = useContentPreview(url);
  if (error) {
    return (
      <Alert color="red" title={intl.formatMessage(PREVIEW_FAILED)}>
        {error}
      </Alert>
    );
  }
  if (preview === undefined) return <LoadingPreview />;
  if (preview === 'image') {
    return <ZoomableImage src={url} alt={previewOf(filename, intl)} />;
  }
  if (preview === 'pdf') return <PdfPreview url={url} filename={filename} />;
  return (
    <Alert
      color="gray"
      title={intl.formatMessage({ defaultMessage: 'No preview for this file', id: 'Ua/BW8' })}
    >
      <FormattedMessage
        defaultMessage="It is not an image or PDF this app can show. Download it to open it."
        id="nQEJg8"
      />
    </Alert>
  );
}

function PdfPreview({ url, filename }: { url: string; filename: string | null }) {
  const intl = useIntl();
  const { blob, error } = useStoredFile(url);
  if (error) {
    return (
      <Alert
        color="red"
        title={intl.formatMessage({ defaultMessage: 'The PDF could not be loaded', id: 'PcuzC/' })}
      >
        {error}
      </Alert>
    );
  }
  if (!blob) return <LoadingPreview />;
  return (
    <Suspense fallback={<LoadingPreview />}>
      <PdfViewer data={blob} name={displayFilename(filename, intl).text} />
    </Suspense>
  );
}

function LoadingPreview() {
  return (
    <PreviewLoading>
      <FormattedMessage defaultMessage="Loading preview…" id="agtYfA" />
    </PreviewLoading>
  );
}
