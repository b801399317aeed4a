import { isRecordKind, type RecordKind } from '../../records/recordKinds.ts';
import { STORAGE_KEYS } from '../../lib/storageKeys.ts';

const KEY = STORAGE_KEYS.openByIdKind.name;

/**
 * The Kind last chosen on this device (a shared tablet sits at one station, scanning one kind of
 * label), or Part. Not personal data, so it outlives sign-outs.
 */
export function readRememberedKind(storage: Storage | undefined = globalThis.localStorage): RecordKind {
  return readChosenKind(storage) ?? 'part';
}

/** The Kind someone chose on this device, or null while nobody has (the box then reads Part). */
export function readChosenKind(storage: Storage | undefined = globalThis.localStorage): RecordKind | null {
  try {
    const value = storage?.getItem(KEY);
    return isRecordKind(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberKind(kind: RecordKind, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, kind);
  } catch {
    // Private mode or a full quota: the choice then lasts for this page only.
  }
}
