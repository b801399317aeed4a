import { useEffect } from 'react';
import type { ApolloClient } from '@apollo/client';
import { rememberLastPage } from './lastPage.ts';

/**
 * What keeps the shell useful through a dead zone: pages whose data failed for want of a network
 * load again by themselves when it is back, and the installed app reopens on this page.
 */
export function useShellResilience(client: ApolloClient, page: string): void {
  useEffect(() => {
    const onOnline = () => void client.refetchQueries({ include: 'active' }).catch(() => undefined);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [client]);

  useEffect(() => rememberLastPage(page), [page]);
}
