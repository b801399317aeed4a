import type { ApolloClient } from '@apollo/client';
import { FreshDownloadUrlQuery } from './attachmentDocuments.ts';
import { httpUrl } from './attachmentType.ts';
import { FAILURE_WORDS, retryAfterMs, WordedError } from '../../failures/failures.ts';
import { backoffDelay } from '../../lib/backoff.ts';
import { sleep } from '../../lib/sleep.ts';

/** A failure on the storage side, already phrased for the technician. */
export class StorageError extends WordedError {
  override name = 'StorageError';
}

/** Asks the API for a new signed URL now; a URL read earlier may have expired. */
export async function freshDownloadUrl(client: ApolloClient, attachmentId: number): Promise<string> {
  const { data } = await client.query({
    query: FreshDownloadUrlQuery,
    variables: { id: String(attachmentId) },
    fetchPolicy: 'network-only',
  });
  if (!data?.fileAttachment) throw new StorageError(FAILURE_WORDS.fileGone);
  const url = httpUrl(data.fileAttachment.downloadUrl);
  if (!url) throw new StorageError(FAILURE_WORDS.noDownloadUrl);
  return url;
}

/**
 * Larger files go to the browser's own download (streamed to disk, named by storage's
 * Content-Disposition) instead of through memory: a tablet tab holding a 1 GB log would be killed.
 */
export const IN_MEMORY_DOWNLOAD_LIMIT = 64 * 1024 * 1024;

/** A failure on the storage side, with the HTTP status when storage answered one. */
export class StoredFileError extends StorageError {
  constructor(
    message: string,
    readonly status: number | null,
    /** How long a busy storage asked to wait (`Retry-After`), when it did. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** How often a read of a stored file is tried when the Wi-Fi drops it or storage is busy. */
export const STORED_FILE_ATTEMPTS = 3;
const STORED_FILE_BACKOFF = { baseMs: 500, maxMs: 4_000 };

/** A read worth trying again: the network dropped it, or storage was busy or failed (5xx, 429). */
const transient = (status: number | null) => status === null || status === 429 || status >= 500;

async function openOnce(url: string, signal?: AbortSignal, headers?: HeadersInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      headers,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      // Never an answer from the HTTP cache: one stored for an <img> without CORS (storage such as S3
      // leaves Vary: Origin off an answer to a request without Origin) would be refused by CORS here,
      // and a signed URL is read once anyway.
      cache: 'no-store',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StoredFileError(FAILURE_WORDS.storageUnreachable, null);
  }
  if (response.ok) return response;
  return storageRefused(response);
}

/**
 * Storage's refusal as the technician reads it: an expired link (403), a file no longer there (404), or
 * storage's status with how long it asked to wait. Its body is not read: the connection is freed for
 * the next try.
 */
export async function storageRefused(response: Response): Promise<never> {
  await response.body?.cancel().catch(() => undefined);
  const { status } = response;
  if (status === 403) throw new StoredFileError(FAILURE_WORDS.storageLinkExpired, status);
  if (status === 404) throw new StoredFileError(FAILURE_WORDS.storageMissing, status);
  throw new StoredFileError(
    FAILURE_WORDS.storageAnswered(status),
    status,
    retryAfterMs(response.headers.get('Retry-After')),
  );
}

export interface StoredFileOptions {
  signal?: AbortSignal;
  headers?: HeadersInit;
  /**
   * A new signed URL for the same file, asked of the API: given, a try after a failure (the network,
   * a busy storage, or a link that expired meanwhile) reads through a URL nobody read before.
   */
  freshUrl?: () => Promise<string>;
}

/**
 * Requests the bytes behind a signed URL, turning storage refusals into messages. A read the Wi-Fi
 * dropped, or that a busy storage refused (5xx, 429), is tried again after a short wait (as long as a
 * `Retry-After` asks, capped), up to STORED_FILE_ATTEMPTS times, through a fresh URL when `freshUrl` can
 * give one; a missing file is not tried again, nor an expired link without `freshUrl`.
 */
export async function openStoredFile(url: string, options: StoredFileOptions = {}): Promise<Response> {
  const { signal, headers, freshUrl } = options;
  let current = url;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openOnce(current, signal, headers);
    } catch (error) {
      const retryable =
        error instanceof StoredFileError &&
        (transient(error.status) || (error.status === 403 && freshUrl !== undefined));
      if (!retryable || attempt >= STORED_FILE_ATTEMPTS) throw error;
      const wait = error.retryAfterMs ?? backoffDelay(attempt, STORED_FILE_BACKOFF);
      await sleep(Math.min(wait, STORED_FILE_BACKOFF.maxMs), signal);
      // A fresh URL that cannot be had (the API unreachable too) leaves the last one to try.
      if (freshUrl) current = await freshUrl().catch(() => current);
    }
  }
}

/** Reads the bytes behind a signed URL. */
export async function fetchStoredFile(url: string, options: StoredFileOptions = {}): Promise<Blob> {
  return (await openStoredFile(url, options)).blob();
}

/**
 * Reads the first `count` bytes behind a signed URL (a range request; from a storage that ignores
 * ranges, only the start of what it sends is read before the rest is cancelled).
 */
export async function fetchStoredHead(url: string, count: number, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await openStoredFile(url, { signal, headers: { Range: `bytes=0-${count - 1}` } });
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(await response.arrayBuffer()).subarray(0, count);
  const head = new Uint8Array(count);
  let filled = 0;
  while (filled < count) {
    const { done, value } = await reader.read();
    if (done) break;
    const part = value.subarray(0, count - filled);
    head.set(part, filled);
    filled += part.length;
  }
  await reader.cancel().catch(() => undefined);
  return head.subarray(0, filled);
}

function followLink(href: string, filename?: string): void {
  const link = document.createElement('a');
  link.href = href;
  if (filename) link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Fetches a fresh URL at the moment of the click and saves the file under the attachment's filename.
 * Files up to IN_MEMORY_DOWNLOAD_LIMIT go through a blob because browsers ignore `download` names on
 * other origins; either way storage is asked first, so a refused link shows a message instead of
 * replacing the app with storage's error page.
 */
export async function downloadAttachment(
  client: ApolloClient,
  attachment: { id: number; filename: string | null },
): Promise<void> {
  let url = await freshDownloadUrl(client, attachment.id);
  const request = new AbortController();
  const response = await openStoredFile(url, {
    signal: request.signal,
    freshUrl: async () => (url = await freshDownloadUrl(client, attachment.id)),
  });
  if (Number(response.headers.get('content-length')) > IN_MEMORY_DOWNLOAD_LIMIT) {
    request.abort();
    followLink(url);
    return;
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    followLink(objectUrl, attachment.filename || `attachment-${attachment.id}`);
  } finally {
    // The click starts the download synchronously; the short delay lets the browser take the blob first.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
