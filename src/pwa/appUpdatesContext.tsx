import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { noAppUpdates, type AppUpdates, type UpdateState } from './appUpdates.ts';

const AppUpdatesContext = createContext<AppUpdates>(noAppUpdates);

export function AppUpdatesProvider({ updates, children }: { updates: AppUpdates; children: ReactNode }) {
  return <AppUpdatesContext.Provider value={updates}>{children}</AppUpdatesContext.Provider>;
}

/** Where the app's next version stands, and the way to start it. */
export function useAppUpdate(): { state: UpdateState; apply: () => Promise<void> } {
  const updates = useContext(AppUpdatesContext);
  const state = useSyncExternalStore(updates.subscribe, updates.getState);
  return { state, apply: updates.apply };
}
