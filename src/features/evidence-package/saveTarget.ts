import {
  PACKAGE_DOWNLOAD_MESSAGE,
  PACKAGE_DOWNLOAD_PATH,
  PACKAGE_KEEPALIVE_MESSAGE,
  type PageToWorker,
  type WorkerToPage,
} from '../../serviceWorker/packageDownloadProtocol.ts';

/** Where a package is written as it is built. */
export interface SaveTarget {
  /** `picker`: a file the person chose (File System Access API); `download`: the browser's download, fed by the service worker. */
  how: 'picker' | 'download';
  sink: WritableStream<Uint8Array>;
}

interface SavePickerWindow {
  showSaveFilePicker?(options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }): Promise<{ createWritable(): Promise<WritableStream<Uint8Array>> }>;
}

/** True where the browser lets the page write a file the person chooses (Chromium on desktop and Android). */
export const canPickFile = () => typeof (window as SavePickerWindow).showSaveFilePicker === 'function';

/** True where the app's service worker can stream a download (it controls this page). */
export const canStreamDownload = () =>
  typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;

/** The person closed the save picker without choosing: nothing to do, nothing to report. */
export class SaveDeclined extends Error {
  override name = 'SaveDeclined';
}

/**
 * Asks where to save (must run in the tap's handler: the picker needs the gesture). An aborted pipe
 * into the picked file calls its `abort()`, so a cancelled package leaves no file behind.
 */
export async function pickedFile(filename: string, description: string): Promise<SaveTarget> {
  const picker = (window as SavePickerWindow).showSaveFilePicker!;
  let handle: Awaited<ReturnType<typeof picker>>;
  try {
    handle = await picker.call(window, {
      suggestedName: filename,
      types: [{ description, accept: { 'application/zip': ['.zip'] } }],
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new SaveDeclined();
    throw error;
  }
  return { how: 'picker', sink: await handle.createWritable() };
}

/** How long the page waits for the browser to start the download it asked the worker for. */
const START_TIMEOUT_MS = 15_000;
const KEEPALIVE_MS = 10_000;

/**
 * A download the service worker serves (see serviceWorker/packageDownloadProtocol.ts): the browser
 * saves it in its downloads as it is written. Aborting it errors the download, so the browser keeps no
 * complete-looking file.
 */
export async function streamedDownload(filename: string, notStarted: () => Error): Promise<SaveTarget> {
  const worker = navigator.serviceWorker.controller;
  if (!worker) throw notStarted();
  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const port = channel.port1;
  let credits = 0;
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  let ready: () => void = () => undefined;
  const readyNow = new Promise<void>((resolve) => (ready = resolve));
  port.onmessage = (event: MessageEvent<WorkerToPage>) => {
    const message = event.data;
    if (message.type === 'ready') ready();
    else if (message.type === 'credit') credits += message.chunks;
    else failure = new DOMException('The download was cancelled in the browser.', 'AbortError');
    wake?.();
  };
  worker.postMessage({ type: PACKAGE_DOWNLOAD_MESSAGE, id, filename }, [channel.port2]);
  await readyNow;
  const keepalive = setInterval(
    () => navigator.serviceWorker.controller?.postMessage({ type: PACKAGE_KEEPALIVE_MESSAGE }),
    KEEPALIVE_MS,
  );
  const finish = () => {
    clearInterval(keepalive);
    port.close();
  };
  // A link, not an iframe (the app's CSP frames nothing): a navigation the worker answers with a download.
  const link = document.createElement('a');
  link.href = `${PACKAGE_DOWNLOAD_PATH}${encodeURIComponent(id)}`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  let started = false;
  const waitForCredit = async () => {
    const deadline = started
      ? null
      : setTimeout(() => ((failure ??= notStarted()), wake?.()), START_TIMEOUT_MS);
    try {
      while (credits === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
    } finally {
      if (deadline) clearTimeout(deadline);
      wake = null;
    }
    if (failure) throw failure;
  };
  // The first credit comes when the worker's stream starts; only once the browser opened the link does
  // it pull: before that the page waits at most START_TIMEOUT_MS.
  const send = (message: PageToWorker) => port.postMessage(message);
  const sink = new WritableStream<Uint8Array>({
    async write(chunk) {
      await waitForCredit();
      started = true;
      credits -= 1;
      send({ type: 'chunk', chunk });
    },
    close() {
      send({ type: 'end' });
      finish();
    },
    abort() {
      send({ type: 'abort' });
      finish();
    },
  });
  return { how: 'download', sink };
}
