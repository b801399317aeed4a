import type { UploadEntry, UploadTarget, UploadTicket } from './types.ts';

/**
 * What the queue needs from the outside world. Each port is small so the unit tests replace it
 * with a fake, and the app wires the real ones (Apollo, XMLHttpRequest, a Web Worker, IndexedDB).
 * Every port throws UploadError (see uploadErrors.ts) so the queue can decide what to do.
 */

/** The GraphQL side of an upload. */
export interface UploadApi {
  requestTicket(filename: string, signal: AbortSignal): Promise<UploadTicket>;
  /** createFileAttachment with validateUpload: true; resolves with the new attachment's id. */
  register(
    input: { filename: string; s3Key: string; s3Etag: string; target: UploadTarget },
    signal: AbortSignal,
  ): Promise<number>;
  /** The id of the target's attachment stored under s3Key, or null when there is none. */
  findAttachment(target: UploadTarget, s3Key: string, signal: AbortSignal): Promise<number | null>;
}

export interface PutRequest {
  url: string;
  body: Blob;
  contentType: string;
  /** The PUT fails when no bytes went out for this long (not after a total budget). */
  stallTimeoutMs: number;
  onProgress(sentBytes: number): void;
  signal: AbortSignal;
}

/** The storage side: PUT the bytes to the signed URL; resolves with the ETag when it is readable. */
export interface ObjectStorage {
  put(request: PutRequest): Promise<{ etag: string | null }>;
}

/** MD5 of a blob as lowercase hex, read in pieces (used when the ETag header is not readable). */
export type Md5 = (body: Blob, signal: AbortSignal) => Promise<string>;

/** The browser's connectivity. */
export interface Connectivity {
  isOnline(): boolean;
  /** Resolves when the browser is back online (rejects with the signal's reason when aborted). */
  whenOnline(signal: AbortSignal): Promise<void>;
}

/** The user's session, for when a token could not be renewed silently. */
export interface SessionGate {
  /** Resolves once a usable session exists again (after the user signed in). */
  whenSignedIn(signal: AbortSignal): Promise<void>;
}

/** What is kept of an entry across reloads. */
export type StoredUpload = Omit<UploadEntry, 'sentBytes' | 'bytesPerSecond' | 'waiting'> & {
  /** createFileAttachment was sent for s3Key at least once, so its answer may have been lost. */
  registerSent: boolean;
  /** The page (tab) working on it; another open tab must not upload it a second time. */
  owner: string;
};

/** Which open page owns which stored uploads, so two tabs never work on the same file. */
export interface UploadOwnership {
  readonly ownerId: string;
  /** Whether the page that stored entries under this id is still open. */
  isAlive(ownerId: string): Promise<boolean>;
  /** Runs fn while no other page of this origin runs its own (two restores must not interleave). */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
}

export interface UploadStore {
  loadAll(): Promise<StoredUpload[]>;
  saveAll(entries: StoredUpload[]): Promise<void>;
  remove(id: string): Promise<void>;
}

export interface Clock {
  now(): number;
  /** Waits ms (rejects with the signal's reason when aborted). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}
