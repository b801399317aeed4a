import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { serviceContext } from '../lib/serviceContext.tsx';
import type { KeptRecords } from './keptRecords.ts';

const Kept = serviceContext<KeptRecords>('KeptRecordsContext');

/** The records kept for offline use (startApp's); none in component tests that do not give one. */
export function KeptRecordsProvider({ kept, children }: { kept: KeptRecords | null; children: ReactNode }) {
  return <Kept.Provider value={kept}>{children}</Kept.Provider>;
}

const noChange = () => () => undefined;
const noVersion = () => 0;

/** When the record `typename:id` shown came from the server (clock time), or undefined when unknown. */
export function useKeptRecordTime(typename: string, id: number): number | undefined {
  const kept = Kept.useOptional();
  useSyncExternalStore(kept?.subscribe ?? noChange, kept?.getVersion ?? noVersion);
  return kept?.fetchedAt(typename, id);
}

/** When the answer to the list query `key` (listKey) shown came from the server, or undefined. */
export function useKeptListTime(key: string): number | undefined {
  const kept = Kept.useOptional();
  useSyncExternalStore(kept?.subscribe ?? noChange, kept?.getVersion ?? noVersion);
  return kept?.listFetchedAt(key);
}

/** Why the records this device kept were dropped at start, unread; null when they were not. */
export function useKeptRecordsDropped(): KeptRecords['dropped'] {
  const kept = Kept.useOptional();
  useSyncExternalStore(kept?.subscribe ?? noChange, kept?.getVersion ?? noVersion);
  return kept?.dropped ?? null;
}

/**
 * A page showing the kept copy of `typename:id` (restored at start, not yet asked of the server in
 * this page) calls `refresh` once it is online, so a reload never shows an old copy as current.
 */
export function useRefreshKeptCopy(
  typename: string,
  id: number,
  online: boolean,
  refresh: () => unknown,
): void {
  const kept = Kept.useOptional();
  const keptOnly = kept?.isKeptCopyOnly(typename, id) ?? false;
  useEffect(() => {
    if (keptOnly && online) void Promise.resolve(refresh()).catch(() => undefined);
    // Once per record shown from the kept copy, and again if the network comes back meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keptOnly, online, typename, id]);
}
