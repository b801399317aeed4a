/**
 * The failure vocabulary: which HTTP statuses are worth another try, what counts as a cancelled
 * request, and every sentence a failure becomes for the technician, each saying what they can do
 * next. Transports (GraphQL, storage PUT and GET, the hashing worker) take their words from here;
 * `toUserMessage` (graphql/errors.ts) turns any caught failure into one of them.
 */

/** 408, 429 and 5xx: the same request may well succeed a little later. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * A server's refusal worth passing on as it is: one short line of plain words. A library's text (Apollo's
 * "An error occurred! For more details, see https://go.apollo.dev/…"), an address, a stack or a page of
 * HTML is for developers and is never shown; the caller falls back to its own words.
 */
export function isReadableServerMessage(message: string): boolean {
  const text = message.trim();
  return (
    text.length > 0 &&
    text.length <= 200 &&
    !/[\r\n<>]/.test(text) &&
    !/https?:\/\/|go\.apollo\.dev|An error occurred!|\bat \S+ \(|Error:/i.test(text)
  );
}

/** A request the app cancelled. DOMException is not an Error subclass everywhere, so match by name. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The longest a `Retry-After` may hold a request back: a server asking for an hour is not obeyed. */
export const MAX_RETRY_AFTER_MS = 120_000;

/**
 * How long a 429 or 503 asks the client to wait (`Retry-After`: seconds or an HTTP date), capped;
 * null when the header is missing or unreadable.
 */
export function retryAfterMs(header: string | null | undefined, nowMs = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - nowMs;
  if (Number.isNaN(ms)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/**
 * An error whose message is already a sentence for the technician, taken from FAILURE_WORDS (or
 * written the same way): `toUserMessage` shows it as it is. The app's own transports (upload, storage,
 * hashing) throw these; anything else is a library's or the browser's, and its text is never shown.
 */
export class WordedError extends Error {
  override name = 'WordedError';
}

const LATER = 'Wait a moment and try again.';
const SUPERVISOR = 'If it keeps happening, tell a supervisor.';

export const FAILURE_WORDS = {
  cancelled: 'The request was cancelled.',
  session: 'Your session has ended. Sign in again to continue.',
  permission: 'You do not have permission to do this. Ask a supervisor if you need it.',
  notFound: 'That record was not found. Check the id.',
  tooLarge: 'The file is too large for the server. Attach a smaller file.',
  busy: `The server is busy. ${LATER}`,
  server: `The server had a problem. ${LATER}`,
  unreachable: 'Cannot reach the server. Check the Wi-Fi connection and try again.',
  refused: (message: string) => `The server refused the request: ${message}`,
  cameraFailed:
    'The camera could not be started. Close other apps using it and try again, or use the device’s camera app.',
  photoNotQueued: 'The photo could not be kept for sending. Try again.',
  markedNotSaved: 'The marked copy could not be saved. Try again.',
  notLightened: 'the photo could not be made lighter on this device',
  refusedStatus: (status: number) => `The server refused the request (HTTP ${status}). ${SUPERVISOR}`,
  // An unknown failure's own text is a library's, for developers: it is never passed on.
  unknown: 'Something went wrong. Try again.',
  interrupted: `The request was interrupted. ${LATER}`,

  // The upload pipeline's own steps.
  noTicket: `The server did not give an upload address. ${LATER}`,
  notConfirmed: `The server did not confirm the attachment. ${LATER}`,
  notChecked: 'Could not check whether the file was already attached. It is checked again by itself.',
  recordGone: 'The record is gone or you may no longer open it. Ask a supervisor.',
  noSuchRecord: (name: string) =>
    `${name} does not exist, or you may not attach to it. Move the file to another record.`,
  noEntity: (name: string) => `${name} cannot take files. Move the file to another record.`,
  storageNotConfirmed: (detail: string) =>
    `Storage did not confirm the upload: ${detail}. It is uploaded again by itself.`,
  fileUnreadable: (detail: string) =>
    `The file could not be read (${detail}). Choose it again from where it is stored.`,

  // Storage: the PUT of a file.
  storageUrlRejected: 'Storage refused the upload address (expired or invalid).',
  storageBusy: (status: number) => `Storage is busy (HTTP ${status}). The upload is tried again by itself.`,
  storageTooLarge: 'The file is too large for storage. Attach a smaller file.',
  storageRefused: (status: number) =>
    `Storage did not accept this file (HTTP ${status}). Try again; ${SUPERVISOR.toLowerCase()}`,
  storageLost: 'The connection to storage was lost.',
  storageStalled: 'The upload stopped moving. It is tried again by itself.',
  storageInterrupted: 'The upload was interrupted.',

  // Storage: reading a file back (download, preview).
  storageUnreachable: 'Could not reach file storage. Check the connection and try again.',
  storageLinkExpired: 'File storage refused the link (it may have expired). Try again.',
  storageMissing: `The file is missing from storage. ${SUPERVISOR}`,
  storageAnswered: (status: number) => `File storage answered ${status}. Try again.`,
  fileGone: 'This file no longer exists, or you may not see it. Refresh the attachments list.',
  noDownloadUrl: `The server gave no usable download address for this file. ${SUPERVISOR}`,
  pdfUnreadable: 'The PDF could not be loaded. Download it instead.',
} as const;
