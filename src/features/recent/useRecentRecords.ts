import { useEffect, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { CurrentUserQuery } from '../../graphql/currentUserQuery.ts';
import { loadRecent, rememberRecent, type RecentRecord } from './recentRecords.ts';

/** The signed-in user's id, from the query the shell already made (cache only: no request of its own). */
function useUserId(): number | null {
  const { data } = useQuery(CurrentUserQuery, { fetchPolicy: 'cache-only' });
  return data?.me?.id ?? null;
}

/** This user's recent records on this device, most recent first. */
export function useRecentRecords(): RecentRecord[] {
  const userId = useUserId();
  // Read when the page opens (and when the user is known): visits are made on other pages.
  const [recent] = useState(() => new Map<number, RecentRecord[]>());
  if (userId === null) return [];
  if (!recent.has(userId)) recent.set(userId, loadRecent(localStorage, userId));
  return recent.get(userId)!;
}

/** Notes that the record is open now, so the home page can offer to continue with it. */
export function useRememberVisit(visit: Omit<RecentRecord, 'at'>): void {
  const userId = useUserId();
  const { kind, id, title, context } = visit;
  useEffect(() => {
    if (userId !== null) rememberRecent(localStorage, userId, { kind, id, title, context, at: Date.now() });
  }, [userId, kind, id, title, context]);
}
