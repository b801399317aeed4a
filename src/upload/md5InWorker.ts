import { appIntl } from '../i18n/index.ts';
import { FAILURE_WORDS } from '../failures/failures.ts';
import { UploadError } from './uploadErrors.ts';
import type { Md5 } from './uploadPorts.ts';

/**
 * MD5 of a file computed in a Web Worker, so hashing a large video does not freeze the page.
 * One worker per file, ended when done or cancelled.
 */
export const md5InWorker: Md5 = (body, signal) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new UploadError('aborted', 'Cancelled'));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<{ md5?: string; error?: string }>) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      if (event.data.md5) resolve(event.data.md5);
      else
        reject(
          new UploadError(
            'permanent',
            FAILURE_WORDS.fileUnreadable(
              event.data.error ??
                appIntl().formatMessage({
                  defaultMessage: 'unknown error',
                  id: '8wG809',
                  description: 'In "The file could not be read (unknown error)."',
                }),
            ),
          ),
        );
    };
    worker.onerror = (event) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new UploadError('permanent', FAILURE_WORDS.fileUnreadable(event.message)));
    };
    worker.postMessage(body);
  });
