import { useSyncExternalStore } from 'react';
import { reachability, type ReachabilityState } from '../lib/reachability.ts';

function subscribe(listener: () => void): () => void {
  // The browser's own events too: where the store is not attached to the window (component tests).
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const stop = reachability.subscribe(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    stop();
  };
}

/**
 * Offline, unreachable (the browser says online but the API does not answer: lie-fi) or online: the
 * one answer every page, list and the header give (the reachability store's).
 */
export function useReachability(): ReachabilityState {
  return useSyncExternalStore(subscribe, reachability.state);
}

/** Whether the API can be asked now (false: offline, or the server cannot be reached). */
export function useOnline(): boolean {
  return useReachability() === 'online';
}
