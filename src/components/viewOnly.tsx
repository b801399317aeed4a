import { createContext, useContext, useState, type ReactNode } from 'react';
import { useUploadsValue } from './uploadQueueContext.tsx';

interface ViewOnlyState {
  /** A delete was refused for permission during this sign-in. */
  deleteRefused: boolean;
  markDeleteRefused(): void;
}

const ViewOnlyContext = createContext<ViewOnlyState | null>(null);

/**
 * Remembers, for one signed-in session, that the server refused this user an attach or a delete for
 * permission. Mounted inside the private layout, so the next person to sign in starts afresh.
 */
export function ViewOnlyProvider({ children }: { children: ReactNode }) {
  const [deleteRefused, setDeleteRefused] = useState(false);
  return (
    <ViewOnlyContext.Provider value={{ deleteRefused, markDeleteRefused: () => setDeleteRefused(true) }}>
      {children}
    </ViewOnlyContext.Provider>
  );
}

const refusedAttach = (entries: readonly { refusedPermission?: boolean }[]) =>
  entries.some((entry) => entry.refusedPermission === true);

/**
 * Whether the page should be view only: the server has refused this user an attach (a failed upload
 * says so) or a delete. Actions that cannot succeed are then hidden; the server still decides.
 */
export function useViewOnly(): { viewOnly: boolean; markDeleteRefused(): void } {
  const state = useContext(ViewOnlyContext);
  const attachRefused = useUploadsValue(refusedAttach);
  return {
    viewOnly: attachRefused || (state?.deleteRefused ?? false),
    markDeleteRefused: state?.markDeleteRefused ?? (() => {}),
  };
}
