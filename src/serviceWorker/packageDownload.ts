/// <reference lib="webworker" />
import {
  PACKAGE_CREDIT_CHUNKS,
  PACKAGE_DOWNLOAD_MESSAGE,
  PACKAGE_KEEPALIVE_MESSAGE,
  PACKAGE_DOWNLOAD_PATH,
  PACKAGE_QUEUE_BYTES,
  type PackageDownloadRequest,
  type PageToWorker,
  type WorkerToPage,
} from './packageDownloadProtocol.ts';

interface Waiting {
  filename: string;
  port: MessagePort;
}

/** Downloads the page announced and the browser has not opened yet, by id. */
const waiting = new Map<string, Waiting>();

/** Takes a page's announcement of a download (its port comes with it) and says it is ready to serve it. */
export function acceptPackageDownload(event: ExtendableMessageEvent): boolean {
  const data = event.data as Partial<PackageDownloadRequest> | null;
  if ((data?.type as string | undefined) === PACKAGE_KEEPALIVE_MESSAGE) return true;
  if (data?.type !== PACKAGE_DOWNLOAD_MESSAGE || typeof data.id !== 'string' || !event.ports[0]) return false;
  const port = event.ports[0];
  waiting.set(data.id, { filename: String(data.filename ?? 'package.zip'), port });
  port.postMessage({ type: 'ready' } satisfies WorkerToPage);
  return true;
}

const send = (port: MessagePort, message: WorkerToPage) => port.postMessage(message);

/** The body of one download: what the page sends, paid for with credits as the browser reads. */
function bodyFrom(port: MessagePort): ReadableStream<Uint8Array> {
  let owed = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        port.onmessage = (event: MessageEvent<PageToWorker>) => {
          const message = event.data;
          if (message.type === 'chunk') {
            controller.enqueue(message.chunk);
            if ((controller.desiredSize ?? 0) > 0) send(port, { type: 'credit', chunks: 1 });
            else owed += 1;
          } else if (message.type === 'end') {
            controller.close();
            port.close();
          } else {
            controller.error(new Error('The package was cancelled.'));
            port.close();
          }
        };
        send(port, { type: 'credit', chunks: PACKAGE_CREDIT_CHUNKS });
      },
      pull() {
        if (owed > 0) {
          send(port, { type: 'credit', chunks: owed });
          owed = 0;
        }
      },
      cancel() {
        send(port, { type: 'cancelled' });
        port.close();
      },
    },
    { highWaterMark: PACKAGE_QUEUE_BYTES, size: (chunk) => chunk?.byteLength ?? 0 },
  );
}

/** True for a request this module answers. */
export function isPackageDownload(url: URL): boolean {
  return url.origin === self.location.origin && url.pathname.startsWith(PACKAGE_DOWNLOAD_PATH);
}

/**
 * Answers the page's download with a stream of the package. An id it does not know (the worker was
 * restarted, or the link was opened twice) gets 204: the tab stays where it is and the page says the
 * download did not start.
 */
export function servePackageDownload(url: URL): Response {
  const id = decodeURIComponent(url.pathname.slice(PACKAGE_DOWNLOAD_PATH.length));
  const download = waiting.get(id);
  waiting.delete(id);
  if (!download) return new Response(null, { status: 204 });
  return new Response(bodyFrom(download.port), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(download.filename)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}
