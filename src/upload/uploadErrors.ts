import { WordedError } from '../failures/failures.ts';

/**
 * How the pipeline reacts to a failure is decided by its kind alone, so every transport (GraphQL,
 * storage, hashing) classifies its own failures into one of these and the queue handles each once.
 */
export type UploadErrorKind =
  /** Network error, stall, 5xx, 429: wait for the network when offline, else back off, a bounded number of times. */
  | 'transient'
  /**
   * The request never got an answer because the app reset its GraphQL store (a sign-out or sign-in
   * handover on a shared tablet): not a failure of the file; it goes again, for its owner only, and the
   * try does not count against the retries.
   */
  | 'interrupted'
  /** The session is gone and cannot be renewed silently: wait until the user signs in again. */
  | 'sign-in'
  /** Storage refused the signed URL (expired or signature mismatch): a new ticket, once. */
  | 'url-rejected'
  /** The stored object's ETag differs from the one sent: upload once more with a fresh ticket. */
  | 'etag-mismatch'
  /** The server refused this user the action: fail at once, and never offer to try again. */
  | 'forbidden'
  /** The record a file was chosen for (offline, by id) does not exist or may not be seen: move it. */
  | 'no-such-record'
  /** Unknown record, too large, any other refusal: fail at once. */
  | 'permanent'
  /** Someone other than the person who dropped the file is signed in: the file waits for its owner. */
  | 'not-owner'
  /** The request was aborted because the technician cancelled. */
  | 'aborted';

export class UploadError extends WordedError {
  override name = 'UploadError';
  readonly kind: UploadErrorKind;
  /** The server's `Retry-After` (capped): the next try waits at least this long. */
  readonly retryAfterMs: number | null;

  constructor(kind: UploadErrorKind, message: string, retryAfterMs: number | null = null) {
    super(message);
    this.kind = kind;
    this.retryAfterMs = retryAfterMs;
  }
}

export function isUploadError(error: unknown): error is UploadError {
  return error instanceof UploadError;
}
