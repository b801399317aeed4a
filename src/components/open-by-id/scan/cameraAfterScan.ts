import { useRouterState } from '@tanstack/react-router';

const KEY = 'floor-attach.camera-after-scan';

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

/** True on the record page a scan just opened when the camera should open at once. */
export function useCameraAfterScan(): boolean {
  return useRouterState({ select: (state) => state.location.state.cameraAfterScan === true });
}
