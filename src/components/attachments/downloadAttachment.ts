import type { ApolloClient } from '@apollo/client';
import { FreshDownloadUrlQuery } from './attachmentDocuments.ts';
import { httpUrl } from './attachmentType.ts';
import { ERRORS_IN_PLACE } from '../../graphql/links.ts';

/** A failure on the storage side, already phrased for the technician. */
export class StorageError extends Error {}

/** Asks the API for a new signed URL now; a URL read earlier may have expired. */
export async function freshDownloadUrl(client: ApolloClient, attachmentId: number): Promise<string> {
  const { data } = await client.query({
    query: FreshDownloadUrlQuery,
    variables: { id: String(attachmentId) },
    fetchPolicy: 'network-only',
    context: ERRORS_IN_PLACE,
  });
  if (!data?.fileAttachment) throw new StorageError('This file no longer exists, or you may not see it.');
  const url = httpUrl(data.fileAttachment.downloadUrl);
  if (!url) throw new StorageError('The server gave no usable download address for this file.');
  return url;
}

/** Reads the bytes behind a signed URL, turning storage refusals into messages. */
export async function fetchStoredFile(url: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StorageError('Could not reach file storage. Check the connection and try again.');
  }
  if (response.status === 403)
    throw new StorageError('File storage refused the link (it may have expired). Try again.');
  if (response.status === 404) throw new StorageError('The file is missing from storage.');
  if (!response.ok) throw new StorageError(`File storage answered ${response.status}. Try again.`);
  return response.blob();
}

/**
 * Fetches a fresh URL at the moment of the click and saves the bytes under the attachment's filename.
 * The bytes go through a blob because browsers ignore `download` names on other origins, and a refused
 * link then shows a message instead of replacing the app with storage's error page.
 */
export async function downloadAttachment(
  client: ApolloClient,
  attachment: { id: number; filename: string | null },
): Promise<void> {
  const blob = await fetchStoredFile(await freshDownloadUrl(client, attachment.id));
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = attachment.filename || `attachment-${attachment.id}`;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click starts the download synchronously; the short delay lets the browser take the blob first.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
