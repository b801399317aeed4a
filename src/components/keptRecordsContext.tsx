import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { KeptRecords } from '../graphql/keptRecords.ts';

const KeptRecordsContext = createContext<KeptRecords | null>(null);

/** The records kept for offline use (startApp's); none in component tests that do not give one. */
export function KeptRecordsProvider({ kept, children }: { kept: KeptRecords | null; children: ReactNode }) {
  return <KeptRecordsContext.Provider value={kept}>{children}</KeptRecordsContext.Provider>;
}

const noChange = () => () => undefined;
const noVersion = () => 0;

/** When the record `typename:id` shown came from the server (clock time), or undefined when unknown. */
export function useKeptRecordTime(typename: string, id: number): number | undefined {
  const kept = useContext(KeptRecordsContext);
  useSyncExternalStore(kept?.subscribe ?? noChange, kept?.getVersion ?? noVersion);
  return kept?.fetchedAt(typename, id);
}
