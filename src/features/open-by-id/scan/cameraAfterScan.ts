import { useEffect } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { STORAGE_KEYS } from '../../../lib/storageKeys.ts';

const KEY = STORAGE_KEYS.cameraAfterScan.name;

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** This record was opened by a scan, and the technician wants the camera right after one. */
    cameraAfterScan?: boolean;
  }
}

/** Whether this device opens the camera as soon as a scan has opened a record (scan, shoot, done). */
export function readCameraAfterScan(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function rememberCameraAfterScan(
  on: boolean,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    if (on) storage?.setItem(KEY, 'on');
    else storage?.removeItem(KEY);
  } catch {
    // Private mode or a full quota: the choice then lasts for this page only.
  }
}

/**
 * True on the record page at `path` when a scan just opened it and the camera should open at once.
 * The request is spent as it is read: it is taken off this history entry, so Back, Forward or a
 * reload that returns here shows the record without opening the camera again. Only the page the scan
 * opened spends it: while the router moves there, the record being left still renders once more.
 */
export function useCameraAfterScan(path: string): boolean {
  const navigate = useNavigate();
  const { requested, href } = useRouterState({
    select: (state) => ({
      requested: state.location.pathname === path && state.location.state.cameraAfterScan === true,
      href: state.location.href,
    }),
    structuralSharing: true,
  });
  useEffect(() => {
    if (!requested) return;
    void navigate({
      href,
      replace: true,
      resetScroll: false,
      state: (previous) => ({ ...previous, cameraAfterScan: undefined }),
    });
  }, [requested, href, navigate]);
  return requested;
}
