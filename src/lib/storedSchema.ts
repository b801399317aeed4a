// What the app keeps on the device outlives the version that wrote it: a tablet updated mid-shift reads
// pins, kept records, queued files and shares written by the version before. Each of those stores has a
// schema here (after tldraw's persisted schema, which stores a version with every snapshot and migrates
// it on load): every value is written with its version, and read through the steps that lead from the
// version it was written at to this one.

import { isJsonObject } from './jsonObject.ts';

/** The field every stored value carries its version in. */
export const VERSION_FIELD = 'schemaVersion';

/** A stored value at some version, as it is handed to a step. */
export type StoredValue = Record<string, unknown>;

/** Takes a value written at version N to version N + 1; throws where that cannot be done. */
export type MigrationStep = (value: StoredValue) => StoredValue;

export interface StoredSchema<T> {
  /**
   * Steps, oldest first: `steps[N]` takes version N to N + 1, so the current version is their count.
   * Version 0 is what was written before values carried a version (no `schemaVersion`). Append only:
   * a step a released version ran is never changed, or devices that ran it read their values wrong.
   */
  readonly steps: readonly MigrationStep[];
  /** Whether a value at the current version has the shape this version reads. */
  is(value: unknown): value is T;
}

/** What reading a stored value gave. */
export type Loaded<T> =
  /** Read, migrated first when it was written at an older version (`from`). */
  | { state: 'read'; value: T; from: number }
  /** Written by a later version of the app: not read (its fields may not mean what this one thinks). */
  | { state: 'newer'; version: number }
  /** Not a value of this store, or a step could not take it to this version. */
  | { state: 'unreadable' };

/** Why a stored value was not read; said to the person where what it held is then dropped. */
export type NotRead = Exclude<Loaded<unknown>['state'], 'read'>;

export function currentVersion(schema: StoredSchema<unknown>): number {
  return schema.steps.length;
}

export function defineStoredSchema<T>(schema: StoredSchema<T>): StoredSchema<T> {
  return schema;
}

/** The value with this version's number, as it is written. */
export function versioned<T extends object>(
  schema: StoredSchema<T>,
  value: T,
): T & { schemaVersion: number } {
  return { ...value, [VERSION_FIELD]: currentVersion(schema) };
}

function versionOf(value: StoredValue): number | null {
  if (!(VERSION_FIELD in value)) return 0;
  const version = value[VERSION_FIELD];
  return Number.isInteger(version) && (version as number) >= 0 ? (version as number) : null;
}

/**
 * Reads a stored value: at this version as it is, at an older one through each step after it, one at a
 * time (never a step skipped), and given without its version field. A value of a later version is never read: a field it renamed or whose
 * meaning changed would be misread.
 */
export function readStored<T>(schema: StoredSchema<T>, stored: unknown): Loaded<T> {
  if (!isJsonObject(stored)) return { state: 'unreadable' };
  let value: StoredValue = stored;
  const from = versionOf(value);
  if (from === null) return { state: 'unreadable' };
  const to = currentVersion(schema);
  if (from > to) return { state: 'newer', version: from };
  try {
    for (let version = from; version < to; version++) {
      value = { ...schema.steps[version]!(value), [VERSION_FIELD]: version + 1 };
    }
  } catch {
    return { state: 'unreadable' };
  }
  const { [VERSION_FIELD]: _version, ...read } = value;
  return schema.is(read) ? { state: 'read', value: read, from } : { state: 'unreadable' };
}
