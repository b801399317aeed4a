import { useEffect, useState } from 'react';
import { SNIFF_BYTES, sniffType } from '../../lib/sniffType.ts';
import { previewOfContent } from './attachmentType.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import { fetchStoredFile, fetchStoredHead } from './downloadAttachment.ts';

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
    fetchStoredFile(url, { signal: controller.signal }).then(
      (blob) => setState({ url, blob, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ url, blob: null, error: toUserMessage(error) });
      },
    );
    return () => controller.abort();
  }, [url]);

  // A state left from an earlier URL is not shown for the current one.
  return state.url === url ? state : { blob: null, error: null };
}

type ContentState = { url: string | null; preview?: 'image' | 'pdf' | null; error: string | null };

/** How a file known only by its content previews, from its first bytes (undefined while they load). */
export function useContentPreview(url: string): { preview?: 'image' | 'pdf' | null; error: string | null } {
  const [state, setState] = useState<ContentState>({ url: null, error: null });

  useEffect(() => {
    const controller = new AbortController();
    fetchStoredHead(url, SNIFF_BYTES, controller.signal).then(
      (head) => setState({ url, preview: previewOfContent(sniffType(head)), error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ url, error: toUserMessage(error) });
      },
    );
    return () => controller.abort();
  }, [url]);

  return state.url === url ? state : { error: null };
}
