/**
 * The failure vocabulary: which HTTP statuses are worth another try, what counts as a cancelled
 * request, and every sentence a failure becomes for the technician, each saying what they can do
 * next. Transports (GraphQL, storage PUT and GET, the hashing worker) take their words from here;
 * `toUserMessage` (graphql/errors.ts) turns any caught failure into one of them.
 */

import { defineMessages, type MessageDescriptor } from 'react-intl';
import { appIntl } from '../i18n/index.ts';

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

const words = defineMessages({
  cancelled: { defaultMessage: 'The request was cancelled.', id: 'gUT+M3' },
  session: { defaultMessage: 'Your session has ended. Sign in again to continue.', id: 'aONkJh' },
  permission: {
    defaultMessage: 'You do not have permission to do this. Ask a supervisor if you need it.',
    id: 'HPnJ0I',
  },
  notFound: { defaultMessage: 'That record was not found. Check the id.', id: 'R7LDEJ' },
  tooLarge: { defaultMessage: 'The file is too large for the server. Attach a smaller file.', id: 'acLepf' },
  busy: { defaultMessage: 'The server is busy. Wait a moment and try again.', id: '5UJUDM' },
  server: { defaultMessage: 'The server had a problem. Wait a moment and try again.', id: 'alt62Y' },
  unreachable: {
    defaultMessage: 'Cannot reach the server. Check the Wi-Fi connection and try again.',
    id: 'cEWVXO',
  },
  refused: {
    defaultMessage: 'The server refused the request: {message}',
    id: 'XtQJ3w',
    description: "The server's own short sentence follows, as it wrote it",
  },
  cameraFailed: {
    defaultMessage:
      'The camera could not be started. Close other apps using it and try again, or use the device’s camera app.',
    id: 'cHKFj1',
  },
  photoNotQueued: { defaultMessage: 'The photo could not be kept for sending. Try again.', id: 'yATkvg' },
  markedNotSaved: { defaultMessage: 'The marked copy could not be saved. Try again.', id: '+D573E' },
  notLightened: {
    defaultMessage: 'the photo could not be made lighter on this device',
    id: 'q4mDzt',
    description: 'Completes "Sent at full size: …" (lower case, no full stop)',
  },
  refusedStatus: {
    defaultMessage:
      'The server refused the request (HTTP {status}). If it keeps happening, tell a supervisor.',
    id: 'WrrGvN',
  },
  unknown: { defaultMessage: 'Something went wrong. Try again.', id: '3kJE8G' },
  interrupted: { defaultMessage: 'The request was interrupted. Wait a moment and try again.', id: 's62xVN' },
  noTicket: {
    defaultMessage: 'The server did not give an upload address. Wait a moment and try again.',
    id: 'yg4EL2',
  },
  notConfirmed: {
    defaultMessage: 'The server did not confirm the attachment. Wait a moment and try again.',
    id: 'AeAmqz',
  },
  notChecked: {
    defaultMessage: 'Could not check whether the file was already attached. It is checked again by itself.',
    id: 'F1mWkp',
  },
  recordGone: {
    defaultMessage: 'The record is gone or you may no longer open it. Ask a supervisor.',
    id: '6lKEGy',
  },
  noSuchRecord: {
    defaultMessage: '{name} does not exist, or you may not attach to it. Move the file to another record.',
    id: 'oykilX',
    description: 'name: a record, e.g. "Part 42"',
  },
  noEntity: {
    defaultMessage: '{name} cannot take files. Move the file to another record.',
    id: 'XNo+bK',
    description: 'name: a record, e.g. "Part 42"',
  },
  storageNotConfirmed: {
    defaultMessage: 'Storage did not confirm the upload: {detail}. It is uploaded again by itself.',
    id: 'MngVBl',
    description: "detail: the storage's own words, as it wrote them",
  },
  fileUnreadable: {
    defaultMessage: 'The file could not be read ({detail}). Choose it again from where it is stored.',
    id: 'A0xCgv',
    description: "detail: the browser's own words, as it wrote them",
  },
  storageUrlRejected: {
    defaultMessage: 'Storage refused the upload address (expired or invalid).',
    id: 'O72mUM',
  },
  storageBusy: {
    defaultMessage: 'Storage is busy (HTTP {status}). The upload is tried again by itself.',
    id: 'DUucrs',
  },
  storageTooLarge: {
    defaultMessage: 'The file is too large for storage. Attach a smaller file.',
    id: '8C1rIT',
  },
  storageRefused: {
    defaultMessage:
      'Storage did not accept this file (HTTP {status}). Try again; if it keeps happening, tell a supervisor.',
    id: 'AiT580',
  },
  storageLost: { defaultMessage: 'The connection to storage was lost.', id: 'qclI61' },
  storageStalled: { defaultMessage: 'The upload stopped moving. It is tried again by itself.', id: 'shSlMR' },
  storageInterrupted: { defaultMessage: 'The upload was interrupted.', id: '+/WsqI' },
  storageUnreachable: {
    defaultMessage: 'Could not reach file storage. Check the connection and try again.',
    id: 'n8reQ3',
  },
  storageLinkExpired: {
    defaultMessage: 'File storage refused the link (it may have expired). Try again.',
    id: '7ooixu',
  },
  storageMissing: {
    defaultMessage: 'The file is missing from storage. If it keeps happening, tell a supervisor.',
    id: 'wFnV8a',
  },
  storageAnswered: {
    defaultMessage: 'File storage answered {status}. Try again.',
    id: 'HKRhY2',
    description: 'status: an HTTP status code, e.g. 502',
  },
  fileGone: {
    defaultMessage: 'This file no longer exists, or you may not see it. Refresh the attachments list.',
    id: 'bov99F',
  },
  noDownloadUrl: {
    defaultMessage:
      'The server gave no usable download address for this file. If it keeps happening, tell a supervisor.',
    id: '+S2GpW',
  },
  pdfUnreadable: { defaultMessage: 'The PDF could not be loaded. Download it instead.', id: 'wjymRw' },
  clipUndecodable: {
    defaultMessage: 'This browser cannot play the clip, so no frame of it is kept.',
    id: 'XYT9Mn',
  },
  clipNoPicture: {
    defaultMessage: 'The clip has no picture, only sound, so no frame of it is kept.',
    id: '57Lyu3',
  },
  keptCopyNotDrawn: {
    defaultMessage:
      'This tablet could not draw the kept copy (it may be short of memory). Close other apps and try again.',
    id: '3Mw4j2',
  },
});

/** The sentence in the language in force now: read when a failure is made, never kept from before. */
const say = (message: MessageDescriptor, values?: Record<string, string | number>) =>
  appIntl().formatMessage(message, values);

/** The sentences that take values (a status, a name, the server's own words): each a function of them. */
const WITH_VALUES = {
  refused: (message: string) => say(words.refused, { message }),
  refusedStatus: (status: number) => say(words.refusedStatus, { status }),
  noSuchRecord: (name: string) => say(words.noSuchRecord, { name }),
  noEntity: (name: string) => say(words.noEntity, { name }),
  storageNotConfirmed: (detail: string) => say(words.storageNotConfirmed, { detail }),
  fileUnreadable: (detail: string) => say(words.fileUnreadable, { detail }),
  storageBusy: (status: number) => say(words.storageBusy, { status }),
  storageRefused: (status: number) => say(words.storageRefused, { status }),
  storageAnswered: (status: number) => say(words.storageAnswered, { status }),
};

type PlainSentences = { readonly [K in Exclude<keyof typeof words, keyof typeof WITH_VALUES>]: string };

/** Every sentence without values, as a getter that words it when it is read. */
function plainSentences(): PlainSentences {
  const sentences = {};
  for (const key of Object.keys(words) as (keyof typeof words)[]) {
    if (Object.hasOwn(WITH_VALUES, key)) continue;
    Object.defineProperty(sentences, key, { get: () => say(words[key]), enumerable: true });
  }
  return sentences as PlainSentences;
}

/**
 * Every sentence a failure becomes. Each is worded in the language in force at the moment it is read
 * (a getter, or a function of its values), so `new WordedError(FAILURE_WORDS.x)` carries the words of
 * the person holding the tablet. An unknown failure's own text is a library's, for developers: it is
 * never passed on (`unknown` says so in the technician's words).
 */
export const FAILURE_WORDS = Object.assign(plainSentences(), WITH_VALUES);
