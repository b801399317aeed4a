import type { ReactNode } from 'react';
import { serviceContext } from '../lib/serviceContext.tsx';
import type { ShareInbox } from './shareInbox.ts';

const Inbox = serviceContext<ShareInbox>('ShareInboxContext');

/** The inbox the service worker fills with shared files (built by startApp; null in component tests). */
export function ShareInboxProvider({ inbox, children }: { inbox: ShareInbox | null; children: ReactNode }) {
  return <Inbox.Provider value={inbox}>{children}</Inbox.Provider>;
}

/** null where the app was rendered without one (component tests): nothing is ever shared there. */
export const useShareInbox = Inbox.useOptional;
