/**
 * A finished recording with its length written in (repairDuration.ts), in a worker of its own: the
 * repair's code is 690 KB of JavaScript, and evaluating it on the page was a task of 100-800 ms on a
 * tablet's CPU, inside the clip when it was loaded as recording began; the repair itself reads and
 * writes the whole clip. Where the worker cannot start or its code cannot load (offline before the
 * app's copy was installed: the service worker's precache holds it), the recording goes as it was:
 * playable, only without its length.
 */
export function withDuration(recorded: Blob): Promise<Blob> {
  if (typeof Worker === 'undefined') return Promise.resolve(recorded);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./durationRepair.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(recorded);
      return;
    }
    const done = (blob: Blob) => {
      worker.terminate();
      resolve(blob);
    };
    worker.onmessage = (event: MessageEvent<unknown>) =>
      done(event.data instanceof Blob ? event.data : recorded);
    worker.onerror = (event) => {
      event.preventDefault();
      done(recorded);
    };
    worker.postMessage(recorded);
  });
}
