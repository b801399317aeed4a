import { FAILURE_WORDS, WordedError } from '../failures/failures.ts';
import { UploadError } from './uploadErrors.ts';
import type { PreparePhoto } from './uploadPorts.ts';
import { jpegFilename, photoKind, type LightenSettings } from './lightenPolicy.ts';
import type { LightenReply, LightenRequest } from './lightenPhoto.worker.ts';
import { photoPixelSize, tooLargeToLighten } from './lightenPhotoSize.ts';

/**
 * Makes camera photos lighter in a Web Worker, one worker per photo, so decoding a 12-megapixel
 * photo never freezes the page. Other files are not touched (not even read). A photo whose header
 * says it is too large to decode here is not decoded at all: it goes as it is, saying why.
 */
export function lightenPhotoInWorker(settings: () => LightenSettings): PreparePhoto {
  return async (file, filename, signal) => {
    const kind = photoKind(filename, file.type);
    if (kind === null) return null;
    const tooLarge = tooLargeToLighten(await photoPixelSize(file, kind));
    if (tooLarge) throw new WordedError(tooLarge);
    if (signal.aborted) throw new UploadError('aborted', 'Cancelled');
    return new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./lightenPhoto.worker.ts', import.meta.url), { type: 'module' });
      const stop = () => {
        worker.terminate();
        reject(new UploadError('aborted', 'Cancelled'));
      };
      signal.addEventListener('abort', stop, { once: true });
      const done = () => {
        signal.removeEventListener('abort', stop);
        worker.terminate();
      };
      worker.onmessage = (event: MessageEvent<LightenReply>) => {
        done();
        if ('error' in event.data) {
          reject(new WordedError(FAILURE_WORDS.notLightened));
        } else if (event.data.lighter) {
          resolve({ file: event.data.lighter, filename: jpegFilename(filename), type: 'image/jpeg' });
        } else {
          resolve(null);
        }
      };
      worker.onerror = () => {
        done();
        reject(new WordedError(FAILURE_WORDS.notLightened));
      };
      const request: LightenRequest = { file, kind, ...settings() };
      worker.postMessage(request);
    });
  };
}
