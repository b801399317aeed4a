import { useEffect, useState } from 'react';
import { fetchStoredFile, StorageError } from './downloadAttachment.ts';

type FileState = { url: string | null; blob: Blob | null; error: string | null };

/**
 * Reads a stored file's bytes for an in-app preview: storage serves files as downloads
 * (Content-Disposition: attachment), and pdf.js wants the bytes, not a URL it would fetch itself.
 */
export function useStoredFile(url: string | null): { blob: Blob | null; error: string | null } {
  const [state, setState] = useState<FileState>({ url: null, blob: null, error: null });

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetchStoredFile(url, controller.signal).then(
      (blob) => setState({ url, blob, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof StorageError ? error.message : 'The file could not be loaded.';
        setState({ url, blob: null, error: message });
      },
    );
    return () => controller.abort();
  }, [url]);

  // A state left from an earlier URL is not shown for the current one.
  return state.url === url ? state : { blob: null, error: null };
}
