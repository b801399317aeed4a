import { isRecordKind, type RecordKind } from '../../records/recordKinds.ts';
import { STORAGE_KEYS } from '../../lib/storageKeys.ts';

const KEY = STORAGE_KEYS.openByIdKind.name;

/**
 * The Kind last chosen on this device (a shared tablet sits at one station, scanning one kind of
 * label), or Part. Not personal data, so it outlives sign-outs.
 */
export function readRememberedKind(storage: Storage | undefined = globalThis.localStorage): RecordKind {
  try {
    const value = storage?.getItem(KEY);
    return isRecordKind(value) ? value : 'part';
  } catch {
    return 'part';
  }
}

export function rememberKind(kind: RecordKind, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, kind);
  } catch {
    // Private mode or a full quota: the choice then lasts for this page only.
  }
}
