import { UploadError } from './uploadErrors.ts';
import type { Clock, Connectivity, ResumeSignal, SessionGate, UploadOwnership } from './uploadPorts.ts';
import { sleep } from '../lib/sleep.ts';
import { reachability } from '../lib/reachability.ts';

function abortReason(signal: AbortSignal): UploadError {
  return signal.reason instanceof UploadError ? signal.reason : new UploadError('aborted', 'Cancelled');
}

export const browserClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, signal, abortReason),
};

/** The app's reachability store: a failed or timed-out API request counts, not only `navigator.onLine`. */
export const browserConnectivity: Connectivity = {
  isOnline: () => reachability.isReachable(),
  isServerUnreachable: () => reachability.state() === 'unreachable',
  whenOnline: (signal) =>
    reachability.whenReachable(signal).catch(() => {
      throw abortReason(signal);
    }),
};

/** The network came back (or the server answers again), or the page was brought to the front. */
export const browserResume: ResumeSignal = {
  onResume(listener) {
    const onVisible = () => {
      if (document.visibilityState === 'visible') listener();
    };
    const onReachable = () => {
      if (reachability.isReachable()) listener();
    };
    window.addEventListener('online', listener);
    document.addEventListener('visibilitychange', onVisible);
    const stop = reachability.subscribe(onReachable);
    return () => {
      window.removeEventListener('online', listener);
      document.removeEventListener('visibilitychange', onVisible);
      stop();
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
