import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { noAppUpdates, type AppUpdates } from './appUpdates.ts';

const AppUpdatesContext = createContext<AppUpdates>(noAppUpdates);

export function AppUpdatesProvider({ updates, children }: { updates: AppUpdates; children: ReactNode }) {
  return <AppUpdatesContext.Provider value={updates}>{children}</AppUpdatesContext.Provider>;
}

/** The app's updates and whether a new version is waiting. */
export function useAppUpdate(): { ready: boolean; apply: () => Promise<void> } {
  const updates = useContext(AppUpdatesContext);
  const ready = useSyncExternalStore(updates.subscribe, updates.isReady);
  return { ready, apply: updates.apply };
}
