/**
 * A package streamed to disk through the service worker, for browsers without the File System Access
 * API: the page hands the worker one end of a MessageChannel, then opens PACKAGE_DOWNLOAD_PATH/<id>; the
 * worker answers that with a download whose body is what the page sends down the channel. Chunks are
 * paid for with credits the worker gives as the browser's download takes them, so a page faster than
 * the disk waits instead of piling the package up in memory.
 */
export const PACKAGE_DOWNLOAD_PATH = '/download-package/';
export const PACKAGE_DOWNLOAD_MESSAGE = 'package-download';
/**
 * Page → worker while a download runs: a message event keeps an idle worker alive (messages on the
 * channel's port do not), so a long package is not cut off when the browser stops an idle worker.
 */
export const PACKAGE_KEEPALIVE_MESSAGE = 'package-keepalive';

/** Page → worker, with the channel's port: a download to serve under `id`. */
export interface PackageDownloadRequest {
  type: typeof PACKAGE_DOWNLOAD_MESSAGE;
  id: string;
  filename: string;
}

/** Page → worker over the channel. */
export type PageToWorker = { type: 'chunk'; chunk: Uint8Array } | { type: 'end' } | { type: 'abort' };

/** Worker → page over the channel: `ready` (the id is known), `credit` (send that many more chunks), `cancelled` (the person cancelled the browser's download). */
export type WorkerToPage = { type: 'ready' } | { type: 'credit'; chunks: number } | { type: 'cancelled' };

/** Chunks the page may send before the worker gives more: enough to keep the pipe full, never much memory. */
export const PACKAGE_CREDIT_CHUNKS = 8;

/** Bytes the worker's stream holds before it stops giving credit. */
export const PACKAGE_QUEUE_BYTES = 4 * 1024 * 1024;
