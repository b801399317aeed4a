import { useEffect } from 'react';
import type { ApolloClient } from '@apollo/client';
import { rememberLastPage } from './lastPage.ts';
import { browserKeepAwake, keepFilesMoving, type QueueView } from './keepFilesMoving.ts';

/**
 * What keeps the shell useful through a dead zone: pages whose data failed for want of a network
 * load again by themselves when it is back, the screen stays on while files move, and the installed
 * app reopens on this page.
 */
export function useShellResilience(client: ApolloClient, page: string, queue: QueueView): void {
  useEffect(() => {
    const onOnline = () => void client.refetchQueries({ include: 'active' }).catch(() => undefined);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [client]);

  useEffect(() => keepFilesMoving(queue, browserKeepAwake()), [queue]);

  useEffect(() => rememberLastPage(page), [page]);
}
