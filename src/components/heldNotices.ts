import { useEffect, useSyncExternalStore } from 'react';

/**
 * Notices (toasts) held back while a full-screen dialog is open: the camera's viewfinder fills the
 * screen between its title and its controls, so there is no place a notice would cover nothing. A
 * held notice stays in the notifications store and is shown, for its full time, once the dialog closes.
 */
let holders = 0;
const listeners = new Set<() => void>();

function setHolders(count: number): void {
  holders = count;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Holds notices back while the calling component (a full-screen dialog) is shown. */
export function useHoldNotices(): void {
  useEffect(() => {
    setHolders(holders + 1);
    return () => setHolders(holders - 1);
  }, []);
}

/** Whether notices are held back now (a full-screen dialog is open). */
export function useNoticesHeld(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => holders > 0,
    () => false,
  );
}
