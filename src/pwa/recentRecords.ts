import { recordPath } from '../components/records/recordKinds.ts';
import { recordFromPath } from '../upload/recordFromPath.ts';
import type { RecordKind } from '../upload/types.ts';

const KEY = 'floor-recent-records';
const KEEP = 6;

export interface RecentRecord {
  kind: RecordKind;
  id: number;
}

function read(storage: Storage): RecentRecord[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item) => {
      const record = recordFromPath(typeof item === 'string' ? item : '');
      return record ? [record] : [];
    });
  } catch {
    return [];
  }
}

/** Records opened on this device, newest first: where a shared photo most likely belongs. */
export function recentRecords(storage: Storage = window.localStorage): RecentRecord[] {
  return read(storage);
}

/** Notes a record page (other pages are ignored); only the path is kept. */
export function rememberRecentRecord(pathname: string, storage: Storage = window.localStorage): void {
  if (!recordFromPath(pathname)) return;
  const paths = [
    pathname,
    ...read(storage)
      .map(toPath)
      .filter((path) => path !== pathname),
  ].slice(0, KEEP);
  try {
    storage.setItem(KEY, JSON.stringify(paths));
  } catch {
    // Without storage the list stays as it was.
  }
}

function toPath(record: RecentRecord): string {
  return recordPath(record.kind, record.id);
}
