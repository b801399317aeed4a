/**
 * How the pipeline reacts to a failure is decided by its kind alone, so every transport (GraphQL,
 * storage, hashing) classifies its own failures into one of these and the queue handles each once.
 */
export type UploadErrorKind =
  /** Network error, timeout, 5xx, 429: back off and try again, a bounded number of times. */
  | 'transient'
  /** The browser is offline: wait until it is back. */
  | 'offline'
  /** The session is gone and cannot be renewed silently: wait until the user signs in again. */
  | 'sign-in'
  /** Storage refused the signed URL (expired or signature mismatch): a new ticket, once. */
  | 'url-rejected'
  /** The stored object's ETag differs from the one sent: upload once more with a fresh ticket. */
  | 'etag-mismatch'
  /** The server refused this user the action: fail at once, and never offer to try again. */
  | 'forbidden'
  /** Unknown record, too large, any other refusal: fail at once. */
  | 'permanent'
  /** The request was aborted because the technician cancelled. */
  | 'aborted';

export class UploadError extends Error {
  readonly kind: UploadErrorKind;

  constructor(kind: UploadErrorKind, message: string) {
    super(message);
    this.name = 'UploadError';
    this.kind = kind;
  }
}

export function isUploadError(error: unknown): error is UploadError {
  return error instanceof UploadError;
}
