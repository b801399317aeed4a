import { createContext, useContext, type ReactNode } from 'react';
import type { ShareInbox } from '../../serviceWorker/shareInbox.ts';

const ShareInboxContext = createContext<ShareInbox | null>(null);

/** The inbox the service worker fills with shared files (built by startApp; null in component tests). */
export function ShareInboxProvider({ inbox, children }: { inbox: ShareInbox | null; children: ReactNode }) {
  return <ShareInboxContext.Provider value={inbox}>{children}</ShareInboxContext.Provider>;
}

/** null where the app was rendered without one (component tests): nothing is ever shared there. */
export function useShareInbox(): ShareInbox | null {
  return useContext(ShareInboxContext);
}
