import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useUploadQueue } from './uploadQueueContext.tsx';

interface ViewOnlyState {
  /** A delete was refused for permission during this sign-in. */
  deleteRefused: boolean;
  markDeleteRefused(): void;
  clearDeleteRefused(): void;
}

const ViewOnlyContext = createContext<ViewOnlyState | null>(null);

/**
 * Remembers, for one signed-in session, that the server refused this user a delete for permission.
 * Mounted inside the private layout, so the next person to sign in starts afresh. (A refused attach
 * is remembered by the upload queue, per person and across sessions: see attachRefusals.)
 */
export function ViewOnlyProvider({ children }: { children: ReactNode }) {
  const [deleteRefused, setDeleteRefused] = useState(false);
  return (
    <ViewOnlyContext.Provider
      value={{
        deleteRefused,
        markDeleteRefused: () => setDeleteRefused(true),
        clearDeleteRefused: () => setDeleteRefused(false),
      }}
    >
      {children}
    </ViewOnlyContext.Provider>
  );
}

/**
 * Whether the page is view only: the server has refused this person an attach (now or on an earlier
 * visit to this device), or a delete. Attach and delete controls are then hidden from the start; the
 * server still decides, and `checkAgain` lets a person whose rights changed try once more.
 */
export function useViewOnly(): { viewOnly: boolean; markDeleteRefused(): void; checkAgain(): void } {
  const state = useContext(ViewOnlyContext);
  const queue = useUploadQueue();
  const mayAttach = useSyncExternalStore(queue.subscribe, () => queue.mayAttach());
  return {
    viewOnly: !mayAttach || (state?.deleteRefused ?? false),
    markDeleteRefused: state?.markDeleteRefused ?? (() => {}),
    checkAgain: () => {
      queue.checkAttachAgain();
      state?.clearDeleteRefused();
    },
  };
}
