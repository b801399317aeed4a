import { kindOfSegment, parseRouteId, recordPath, type RecordRef } from '../records/recordKinds.ts';

const KEY = 'floor-recent-records';
const KEEP = 6;

/** The record an app path shows (`/run-steps/7`), or null for any other page. */
function recordOf(path: string): RecordRef | null {
  const match = /^\/([a-z-]+)\/([^/]+)\/?$/.exec(path);
  const kind = match ? kindOfSegment(match[1]!) : null;
  const id = match && kind ? parseRouteId(match[2]!) : null;
  return kind && id !== null ? { kind, id } : null;
}

function read(storage: Storage): RecordRef[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item) => {
      const record = typeof item === 'string' ? recordOf(item) : null;
      return record ? [record] : [];
    });
  } catch {
    return [];
  }
}

/** Records opened on this device, newest first: where a shared photo most likely belongs. */
export function recentRecords(storage: Storage = window.localStorage): RecordRef[] {
  return read(storage);
}

/** Notes a record page (other pages are ignored); only the path is kept. */
export function rememberRecentRecord(pathname: string, storage: Storage = window.localStorage): void {
  const record = recordOf(pathname);
  if (!record) return;
  const path = recordPath(record.kind, record.id);
  const paths = [
    path,
    ...read(storage)
      .map((r) => recordPath(r.kind, r.id))
      .filter((p) => p !== path),
  ];
  try {
    storage.setItem(KEY, JSON.stringify(paths.slice(0, KEEP)));
  } catch {
    // Without storage the list stays as it was.
  }
}
