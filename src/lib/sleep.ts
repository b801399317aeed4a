/**
 * Waits `ms`, or rejects as soon as `signal` aborts (at once if it already has). It rejects with
 * `abortError(signal)`: the signal's own reason unless the caller words it its own way.
 */
export function sleep(
  ms: number,
  signal?: AbortSignal,
  abortError: (signal: AbortSignal) => unknown = (aborted) => aborted.reason,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
