import type { RecordFacts } from '../records/recordFacts.ts';
import type { RecordRef } from '../records/recordKinds.ts';
import type { Person } from '../lib/person.ts';

/** Where a file goes: the record's entity id (what createFileAttachment takes) and the record itself. */
export interface UploadTarget {
  /**
   * null while unknown: a file chosen offline on a record reached by id or scan and never opened here.
   * The queue asks the server for it (by `record`) before anything is sent, and keeps it on the file.
   */
  entityId: number | null;
  /** The record's kind and own id, used to look the attachment up again when an answer was lost. */
  record: RecordRef;
  /** What the technician calls the record, e.g. "Part BRKT-001". */
  label: string;
  /** Where the record sits (serial, run, step, field): what a file captured on it is named from. */
  facts?: RecordFacts;
}

export type UploadState =
  'queued' | 'ticket' | 'uploading' | 'registering' | 'attached' | 'failed' | 'cancelled';

/**
 * Why a file is not moving right now although it is not finished: `network` the device is offline,
 * `server` the device is online but the API does not answer (lie-fi), `answer` a request to the API has
 * gone unanswered for a while (it gives up at the API time-out).
 */
export type UploadWait = 'network' | 'server' | 'answer' | 'sign-in' | 'retry' | 'lightening';

/** Waits that last until the network or the server is back. */
export const waitsForNetwork = (wait: UploadWait | undefined): boolean =>
  wait === 'network' || wait === 'server';

export interface UploadTicket {
  uploadUrl: string;
  s3Key: string;
  contentType: string;
}

/** The same record: same kind and own id. */
export function sameRecord(a: RecordRef, b: RecordRef): boolean {
  return a.kind === b.kind && a.id === b.id;
}

/** One file's journey; everything here except `file` is plain data so it can be stored and shown. */
export interface UploadEntry {
  id: string;
  file: Blob;
  /** The name the technician sees, and the attachment's filename. */
  filename: string;
  /** The name as dropped, when it was longer than the API takes and `filename` is it shortened. */
  shortenedFrom?: string;
  size: number;
  /** The browser's idea of the file's type ('' when it has none). */
  type: string;
  target: UploadTarget;
  /** Who dropped it (from their token): only this person's token tickets, uploads and registers it. */
  person: Person;
  state: UploadState;
  reason?: string;
  waiting?: UploadWait;
  /** The storage key of the object last uploaded; kept so a lost registration can be found again. */
  s3Key?: string;
  s3Etag?: string;
  /** Bytes sent in the current PUT. */
  sentBytes: number;
  /** Bytes per second, smoothed; 0 when unknown. */
  bytesPerSecond: number;
  attachmentId?: number;
  /**
   * The record the file was chosen for does not exist, or this person may not see it: the file can be
   * moved to another record (UploadQueue.moveTo), never sent anywhere by itself.
   */
  noSuchRecord?: true;
  /** The server refused this user the attach: trying again cannot succeed. */
  refusedPermission?: boolean;
  createdAt: number;
  /** Lightening (see PreparePhoto) was decided for this file: done, not needed, or declined. */
  prepared?: boolean;
  /** The size before the photo was made lighter, for "4.1 MB → 0.7 MB". */
  lightenedFrom?: number;
  /** Why a photo goes at full size although it should have been made lighter. */
  lighteningFailed?: string;
  /** The original is still held in this page, so "Send original" can send it instead. */
  originalKept?: boolean;
  /** The original of a photo made lighter, held in this page only (never stored). */
  original?: OriginalFile;
  /** createFileAttachment was sent for s3Key at least once, so its answer may have been lost. */
  registerSent?: boolean;
  /** The device could not store it (full): it is sent from this page only, and a reload loses it. */
  notKept?: true;
  /** Set while the file is held back to be marked up; see UploadQueue.holdForMarkup. */
  markup?: MarkupDraft;
}

/** A file as it was dropped, before it was made lighter. */
export type OriginalFile = Pick<UploadEntry, 'file' | 'filename' | 'type' | 'size'>;

/**
 * Marks drawn on a photo and not saved yet, kept as plain data with the queued file so a reload
 * reopens them editable. The queue stores them as they are; the editor checks them when it reads them.
 */
export interface MarkupDraft {
  /** The size of the picture the shapes' coordinates refer to. */
  width: number;
  height: number;
  shapes: readonly unknown[];
}

export type FinishedState = Extract<UploadState, 'attached' | 'failed' | 'cancelled'>;

export function isFinished(state: UploadState): state is FinishedState {
  return state === 'attached' || state === 'failed' || state === 'cancelled';
}

/** A file the queue would not take, and why (in words for the technician). */
export interface Refusal {
  filename: string;
  reason: string;
}

/** A file attached or failed, announced with the snapshot change that shows it. */
export interface UploadEvent {
  type: 'attached' | 'failed';
  entry: UploadEntry;
}
