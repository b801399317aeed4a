import { useEffect, useRef, useState } from 'react';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
// Vite bundles the worker as its own file on this origin, which the CSP's worker-src 'self' allows.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { zoomSteps } from './zoomSteps.ts';
import { ZoomControls } from './ZoomControls.tsx';
import { ViewerButton } from './ViewerButton.tsx';
import { PreviewLoading } from './PreviewLoading.tsx';

// One worker for every preview of this page: with only workerSrc, pdf.js starts a worker per document
// and ends it with the document, about 0.3 s of every reopen. A worker given as workerPort is reused
// and outlives the documents.
GlobalWorkerOptions.workerPort ??= new Worker(workerUrl, { type: 'module' });

interface Props {
  /** The PDF's bytes, read at preview time through a fresh signed URL. */
  data: Blob;
  /** Accessible name of the page image, e.g. "report.pdf". */
  name: string;
}

/** `unreadable`: the bytes are not a PDF pdf.js can read. */
type LoadState = { doc: PDFDocumentProxy; error: null } | { doc: null; error: 'unreadable' | null };

/**
 * Renders a PDF with pdf.js into a canvas, one page at a time: a tablet browser without a PDF viewer
 * (Chrome on Android) or with a one-page one (iPadOS) shows every page, zoomed by buttons or keys.
 * Loaded on demand (React.lazy), so pdf.js is not part of the entry bundle.
 */
export default function PdfViewer({ data, name }: Props) {
  const intl = useIntl();
  const [state, setState] = useState<LoadState>({ doc: null, error: null });
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [rendered, setRendered] = useState(0);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    void data
      .arrayBuffer()
      .then((bytes) => getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise)
      .then(
        (doc) => {
          if (cancelled) void doc.destroy();
          else setState({ doc, error: null });
        },
        () => {
          if (!cancelled) setState({ doc: null, error: 'unreadable' });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [data]);

  const doc = state.doc;
  useEffect(() => () => void doc?.destroy(), [doc]);

  // On the document, as the image preview's keys: wherever focus is in the dialog (its Close, the
  // Download button, a page button turned unavailable), the arrows turn pages and +/- zoom.
  const pageCount = doc?.numPages ?? 0;
  useEffect(() => {
    if (pageCount === 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const at = event.target;
      if (at instanceof HTMLElement && (at.isContentEditable || at.matches('input, textarea, select')))
        return;
      const turn = (by: number) => setPage((current) => Math.min(pageCount, Math.max(1, current + by)));
      if (event.key === 'PageDown' || event.key === 'ArrowRight') turn(1);
      else if (event.key === 'PageUp' || event.key === 'ArrowLeft') turn(-1);
      else if (event.key === '+' || event.key === '=') setZoom((current) => zoomSteps(current).larger);
      else if (event.key === '-') setZoom((current) => zoomSteps(current).smaller);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pageCount]);

  useEffect(() => {
    if (!doc || !canvas.current || !frame.current) return;
    let cancelled = false;
    let renderTask: { cancel(): void; promise: Promise<void> } | null = null;
    void doc.getPage(page).then((pdfPage) => {
      if (cancelled || !canvas.current || !frame.current) return;
      // Zoom 1 fits the page to the width of the dialog; the canvas holds device pixels for sharpness.
      const unscaled = pdfPage.getViewport({ scale: 1 });
      const fit = frame.current.clientWidth / unscaled.width;
      const viewport = pdfPage.getViewport({ scale: fit * zoom });
      const ratio = window.devicePixelRatio || 1;
      const target = canvas.current;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      renderTask = pdfPage.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      renderTask.promise.then(
        () => !cancelled && setRendered(page),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
    };
  }, [doc, page, zoom]);

  if (state.error) {
    return (
      <Alert
        color="red"
        title={intl.formatMessage({ defaultMessage: 'The PDF could not be shown', id: 'RShqrt' })}
      >
        <FormattedMessage defaultMessage="This file could not be read as a PDF." id="vun0O6" />
      </Alert>
    );
  }
  if (!doc) {
    return (
      <PreviewLoading>
        <FormattedMessage defaultMessage="Opening PDF…" id="peHla6" />
      </PreviewLoading>
    );
  }

  const pages = doc.numPages;
  const go = (next: number) => setPage(Math.min(pages, Math.max(1, next)));
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <ViewerButton
            icon={IconChevronLeft}
            label={intl.formatMessage({
              defaultMessage: 'Previous page',
              id: 'RMZNbk',
              description: 'Of a PDF',
            })}
            disabled={page <= 1}
            onClick={() => go(page - 1)}
          />
          <Text aria-live="polite" data-testid="pdf-page-count" miw={110} ta="center">
            <FormattedMessage
              defaultMessage="Page {page} of {pages}"
              id="Fa/OBL"
              description="Which page of a PDF is shown"
              values={{ page, pages }}
            />
          </Text>
          <ViewerButton
            icon={IconChevronRight}
            label={intl.formatMessage({ defaultMessage: 'Next page', id: 'WMRy0x', description: 'Of a PDF' })}
            disabled={page >= pages}
            onClick={() => go(page + 1)}
          />
        </Group>
        <ZoomControls zoom={zoom} onZoom={setZoom} />
      </Group>
      <div
        ref={frame}
        style={{ width: '100%', maxHeight: '65vh', overflow: 'auto' }}
        tabIndex={0}
        aria-label={intl.formatMessage(
          {
            defaultMessage: '{filename}, page {page}',
            id: 'sXW31K',
            description: 'The scrolling frame of a PDF page',
          },
          { filename: name, page },
        )}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={intl.formatMessage(
            {
              defaultMessage: 'Page {page} of {filename}',
              id: 'XM/jc4',
              description: 'The picture of a PDF page',
            },
            { filename: name, page },
          )}
          data-testid="pdf-page"
          data-rendered-page={rendered || undefined}
          style={{ display: 'block' }}
        />
      </div>
    </Stack>
  );
}
