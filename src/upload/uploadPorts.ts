import type { BackoffOptions } from '../lib/backoff.ts';
import { memoryAttachRefusals, type AttachRefusals } from './attachRefusals.ts';
import type { RecordRef } from '../records/recordKinds.ts';
import type { UploadEntry, UploadTarget, UploadTicket } from './types.ts';
import type { Person } from '../lib/person.ts';

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
  /**
   * The entity id of a record known only by kind and own id (chosen offline, never opened here);
   * throws UploadError 'no-such-record' when the server has no such record this person may see.
   */
  resolveEntity(record: RecordRef, signal: AbortSignal): Promise<number>;
  /**
   * Shows what the registrations answered since the last call (each attachment in its record's list)
   * now, in this task: the queue calls it as it announces, so a file leaves the upload list in the
   * same render that lists it on its record, never a moment on both or on neither.
   */
  publish?(): void;
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

/**
 * Makes a photo lighter before it is stored and sent: the file to send instead (its name may change,
 * `.heic` → `.jpg`), or null to send the file as it is (not a photo, or already small).
 */
export type PreparePhoto = (
  file: Blob,
  filename: string,
  signal: AbortSignal,
) => Promise<{ file: Blob; filename: string; type: string } | null>;

/** The browser's connectivity: whether the API can be reached (not only the browser's belief). */
export interface Connectivity {
  isOnline(): boolean;
  /** Online as far as the browser knows, but the API does not answer (lie-fi); false when unknown. */
  isServerUnreachable?(): boolean;
  /** Resolves when the API can be reached again (rejects with the signal's reason when aborted). */
  whenOnline(signal: AbortSignal): Promise<void>;
}

/**
 * Moments worth trying again at once instead of at the end of a backoff wait: the network came
 * back, or the technician brought the page to the front.
 */
export interface ResumeSignal {
  onResume(listener: () => void): () => void;
}

/** The user's session, for when a token could not be renewed silently. */
export interface SessionGate {
  /** Resolves once a usable session exists again (after the user signed in). */
  whenSignedIn(signal: AbortSignal): Promise<void>;
}

/** Who the page's API calls are made for right now: the signed-in token's subject and organisation. */
export interface PersonSource {
  /** null while nobody is signed in. */
  current(): Person | null;
}

/** What is kept of an entry across reloads. */
export type StoredUpload = Omit<
  UploadEntry,
  'sentBytes' | 'bytesPerSecond' | 'waiting' | 'originalKept' | 'original' | 'registerSent' | 'notKept'
> & {
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
  /**
   * Resolves once the page that stored entries under this id has gone (at once when it has). A
   * reload's new page can look before the browser has let the old one go: what the old one held is
   * taken up then, not left until something else happens.
   */
  whenGone(ownerId: string): Promise<void>;
  /** Runs fn while no other page of this origin runs its own (two restores must not interleave). */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
}

/** Another person's stored file as this page may see it: what it is, never its bytes. */
export type StoredOfOther = Omit<StoredUpload, 'file' | 'person'> & {
  /** Rows stored before files carried a person have none. */
  person?: Person;
};

/** What a page finds stored: the signed-in person's files, bytes included, and who else left some. */
export interface StoredFor {
  mine: StoredUpload[];
  others: StoredOfOther[];
}

export interface UploadStore {
  /**
   * The stored files of `person` (bytes included) and the others' rows without their bytes: a shared
   * tablet's next person never has the last one's files read into their page.
   */
  loadFor(person: Person): Promise<StoredFor>;
  /** Bytes the device says it can still store, or null when it does not say (a hint, not a promise). */
  room?(): Promise<number | null>;
  /**
   * Stores one file (the first time with its bytes) in its own transaction, so a full disk refuses
   * only what does not fit; rejects when it could not be stored.
   */
  save(entry: StoredUpload): Promise<void>;
  remove(id: string): Promise<void>;
}

export interface Clock {
  now(): number;
  /** Waits ms (rejects with the signal's reason when aborted). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface RetryPolicy extends BackoffOptions {
  /** Retries after the first attempt; the next failure is final. */
  maxRetries: number;
}

/** Everything the queue is built from: the ports above and its settings. */
export interface UploadQueueOptions {
  api: UploadApi;
  storage: ObjectStorage;
  md5: Md5;
  store: UploadStore;
  ownership: UploadOwnership;
  connectivity: Connectivity;
  session: SessionGate;
  /** Who is signed in: files are stamped with it and sent only while it is the same person. */
  person: PersonSource;
  /** Cuts retry and sign-in waits short, so files do not wait on a timer once things look better. */
  resume: ResumeSignal;
  clock: Clock;
  random: () => number;
  /** Read at each add, so a configuration loaded after the queue was built still applies. */
  maxUploadBytes: () => number;
  /** Files moving at once (each does ticket, PUT, registration in turn). */
  concurrency?: number;
  backoff?: RetryPolicy;
  /** Makes photos lighter before they are stored and sent; without it files go as they are. */
  prepare?: PreparePhoto | null;
  /**
   * Changes are announced at most this often, so 500 files do not re-render 500 times (a change after
   * a quiet spell, what a person did, and a file attached with its listing are announced at once: see
   * BatchedNotifier's changed, soon and announceNow).
   */
  notifyEveryMs?: number;
  newId?: () => string;
  /** Who the server refused an attach (kept on the device in the app; in memory by default). */
  attachRefusals?: AttachRefusals;
  /** Whether the signed-in person may discard files others left here (an administrator, if allowed). */
  keptFilesAdmin?: () => boolean;
}

export const defaultRetryPolicy: RetryPolicy = { baseMs: 1_000, maxMs: 30_000, maxRetries: 6 };

/** The settings a queue has unless it is given others. */
export function queueDefaults(): Required<
  Pick<
    UploadQueueOptions,
    'concurrency' | 'backoff' | 'notifyEveryMs' | 'newId' | 'prepare' | 'attachRefusals' | 'keptFilesAdmin'
  >
> {
  return {
    concurrency: 3,
    backoff: defaultRetryPolicy,
    // A file's passing steps (its ticket, the PUT, registering) are not each a render: on a tablet's CPU
    // each announcement re-rendered the upload lists and drew a frame, 20-45 ms of the main thread that
    // the file's own next request waited behind (bench/LOG.md, issue 40). A bar still moves 4 times a
    // second; Uppy's core updates its total progress at most twice a second.
    notifyEveryMs: 250,
    newId: () => crypto.randomUUID(),
    prepare: null,
    attachRefusals: memoryAttachRefusals(),
    keptFilesAdmin: () => false,
  };
}
