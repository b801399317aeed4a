import type { RecordRef } from '../records/recordKinds.ts';

/** Where a file goes: the record's entity id (what createFileAttachment takes) and the record itself. */
export interface UploadTarget {
  entityId: number;
  /** The record's kind and own id, used to look the attachment up again when an answer was lost. */
  record: RecordRef;
  /** What the technician calls the record, e.g. "Part BRKT-001". */
  label: string;
}

export type UploadState =
  'queued' | 'ticket' | 'uploading' | 'registering' | 'attached' | 'failed' | 'cancelled';

/** Why a file is not moving right now although it is not finished. */
export type UploadWait = 'network' | 'sign-in' | 'retry';

export interface UploadTicket {
  uploadUrl: string;
  s3Key: string;
  contentType: string;
}

/** One file's journey; everything here except `file` is plain data so it can be stored and shown. */
export interface UploadEntry {
  id: string;
  file: Blob;
  /** The name the technician sees, and the attachment's filename. */
  filename: string;
  size: number;
  /** The browser's idea of the file's type ('' when it has none). */
  type: string;
  target: UploadTarget;
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
  /** The server refused this user the attach: trying again cannot succeed. */
  refusedPermission?: boolean;
  createdAt: number;
}

export type FinishedState = Extract<UploadState, 'attached' | 'failed' | 'cancelled'>;

export function isFinished(state: UploadState): state is FinishedState {
  return state === 'attached' || state === 'failed' || state === 'cancelled';
}
