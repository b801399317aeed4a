import { FAILURE_WORDS, isTransientStatus, retryAfterMs } from '../failures/failures.ts';
import { progressTimeout } from '../lib/progressTimeout.ts';
import { UploadError } from './uploadErrors.ts';
import type { ObjectStorage, PutRequest } from './uploadPorts.ts';

/** "abc" from `"abc"` (and from a weak `W/"abc"`): the s3Etag the API expects has no quotes. */
export function unquoteEtag(header: string | null): string | null {
  if (!header) return null;
  const value = header
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
  return value === '' ? null : value;
}

function classifyStatus(status: number, body: string, retryAfter: string | null): UploadError {
  if (status === 403) return new UploadError('url-rejected', FAILURE_WORDS.storageUrlRejected);
  if (isTransientStatus(status)) {
    return new UploadError('transient', FAILURE_WORDS.storageBusy(status), retryAfterMs(retryAfter));
  }
  if (status === 413 || /EntityTooLarge/.test(body))
    return new UploadError('permanent', FAILURE_WORDS.storageTooLarge);
  return new UploadError('permanent', FAILURE_WORDS.storageRefused(status));
}

/**
 * PUTs the file itself (the browser streams it; it is never read into memory) with XMLHttpRequest,
 * which, unlike fetch, reports upload progress.
 */
export const xhrObjectStorage: ObjectStorage = {
  put({ url, body, contentType, stallTimeoutMs, onProgress, signal }: PutRequest) {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new UploadError('aborted', 'Cancelled'));
        return;
      }
      const xhr = new XMLHttpRequest();
      const onAbort = () => xhr.abort();
      let stalled = false;
      const watch = progressTimeout(stallTimeoutMs, () => {
        stalled = true;
        xhr.abort();
      });
      const done = () => {
        watch.stop();
        signal.removeEventListener('abort', onAbort);
      };
      xhr.open('PUT', url);
      xhr.setRequestHeader('Content-Type', contentType);
      xhr.upload.onprogress = (event) => {
        watch.progress();
        onProgress(event.loaded);
      };
      xhr.onload = () => {
        done();
        if (xhr.status >= 200 && xhr.status < 300)
          resolve({ etag: unquoteEtag(xhr.getResponseHeader('ETag')) });
        else reject(classifyStatus(xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After')));
      };
      xhr.onerror = () => {
        done();
        // Whether the device is offline is the connectivity port's to say (the queue asks it).
        reject(new UploadError('transient', FAILURE_WORDS.storageLost));
      };
      xhr.onabort = () => {
        done();
        if (signal.aborted) reject(new UploadError('aborted', 'Cancelled'));
        else if (stalled) reject(new UploadError('transient', FAILURE_WORDS.storageStalled));
        else reject(new UploadError('transient', FAILURE_WORDS.storageInterrupted));
      };
      signal.addEventListener('abort', onAbort);
      xhr.send(body);
    });
  },
};
