import type { RecordKind } from '../../records/recordKinds.ts';
import { STORAGE_KEYS } from '../../lib/storageKeys.ts';
import { isJsonObject } from '../../lib/jsonObject.ts';

/** A record this user opened on this device, as the home page lists it. */
export interface RecentRecord {
  kind: RecordKind;
  id: number;
  title: string;
  /** The record's place in the work, e.g. "Run 1 · SN 0041 · Step 2", when it has one. */
  context?: string;
  /** When it was last opened (ms). */
  at: number;
}

const KEPT = 12;
const PREFIX = STORAGE_KEYS.recentRecords.name;

/** Per user: on a shared tablet each person sees only their own recent records. */
const keyOf = (userId: number) => `${PREFIX}${userId}`;

function isRecent(value: unknown): value is RecentRecord {
  const r = value as Partial<RecentRecord>;
  return (
    isJsonObject(value) &&
    typeof r.kind === 'string' &&
    typeof r.id === 'number' &&
    typeof r.title === 'string' &&
    typeof r.at === 'number' &&
    (r.context === undefined || typeof r.context === 'string')
  );
}

/** Most recent first; anything unreadable (another version, a full or blocked storage) reads as none. */
export function loadRecent(storage: Storage, userId: number): RecentRecord[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent).sort((a, b) => b.at - a.at) : [];
  } catch {
    return [];
  }
}

/** Puts the record first (once), keeping the last few. */
export function rememberRecent(storage: Storage, userId: number, visit: RecentRecord): void {
  const others = loadRecent(storage, userId).filter((r) => r.kind !== visit.kind || r.id !== visit.id);
  try {
    storage.setItem(keyOf(userId), JSON.stringify([visit, ...others].slice(0, KEPT)));
  } catch {
    // A full or blocked storage only costs the home page its list.
  }
}
