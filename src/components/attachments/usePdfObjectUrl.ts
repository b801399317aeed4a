import { useEffect, useState } from 'react';
import { fetchStoredFile, StorageError } from './downloadAttachment.ts';
import { FAILURE_WORDS } from '../../lib/failures.ts';

type PdfState = { url: string | null; objectUrl: string | null; error: string | null };

/**
 * Storage serves files as downloads (Content-Disposition: attachment), which a frame would save instead
 * of showing; the bytes are therefore read into a PDF blob the browser's viewer can display.
 */
export function usePdfObjectUrl(url: string | null): { objectUrl: string | null; error: string | null } {
  const [state, setState] = useState<PdfState>({ url: null, objectUrl: null, error: null });

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchStoredFile(url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ url, objectUrl, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof StorageError ? error.message : FAILURE_WORDS.pdfUnreadable;
        setState({ url, objectUrl: null, error: message });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  // A state left from an earlier URL is not shown for the current one.
  return state.url === url ? state : { objectUrl: null, error: null };
}
