import { UploadError } from './uploadErrors.ts';
import type { Clock, Connectivity, ResumeSignal, SessionGate, UploadOwnership } from './uploadPorts.ts';

function abortReason(signal: AbortSignal): UploadError {
  return signal.reason instanceof UploadError ? signal.reason : new UploadError('aborted', 'Cancelled');
}

export const browserClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortReason(signal));
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

export const browserConnectivity: Connectivity = {
  isOnline: () => navigator.onLine !== false,
  whenOnline: (signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortReason(signal));
      const onOnline = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        window.removeEventListener('online', onOnline);
        reject(abortReason(signal));
      };
      window.addEventListener('online', onOnline, { once: true });
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

/** The network came back, or the page was brought to the front. */
export const browserResume: ResumeSignal = {
  onResume(listener) {
    const onVisible = () => {
      if (document.visibilityState === 'visible') listener();
    };
    window.addEventListener('online', listener);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', listener);
      document.removeEventListener('visibilitychange', onVisible);
    };
  },
};

/**
 * Waits for a usable session by asking for a token now and then: after the user signs in again in
 * this page (or a silent renewal succeeds once the identity provider is reachable) it is there.
 */
export function pollingSessionGate(
  getAccessToken: () => Promise<string | null>,
  everyMs = 10_000,
): SessionGate {
  return {
    async whenSignedIn(signal) {
      for (;;) {
        await browserClock.sleep(everyMs, signal);
        if (await getAccessToken().catch(() => null)) return;
      }
    },
  };
}

/**
 * Ownership through Web Locks: this page holds a lock named after its id for as long as it is open,
 * so another tab sees whether the page that stored an upload is still working on it.
 */
export function webLocksOwnership(): UploadOwnership {
  const ownerId = crypto.randomUUID();
  const lockName = (id: string) => `floor-uploads-owner:${id}`;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks)
    return { ownerId, isAlive: async () => false, whenGone: async () => {}, exclusively: (fn) => fn() };
  void locks.request(lockName(ownerId), () => new Promise<never>(() => {}));
  return {
    ownerId,
    isAlive: async (id) => ((await locks.query()).held ?? []).some((lock) => lock.name === lockName(id)),
    // Granted only once the page holding it has gone; held for no time, so nothing waits on it.
    whenGone: async (id) => {
      await locks.request(lockName(id), async () => {});
    },
    exclusively: (fn) => locks.request('floor-uploads-restore', fn),
  };
}
