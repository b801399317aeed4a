import { useEffect, useRef, useState } from 'react';
import { reachability } from '../../lib/reachability.ts';

/** How often an open record asks again, so two tablets on one record see each other's files. */
export const RECORD_REFRESH_MS = 15_000;

interface Options {
  everyMs?: number;
  /**
   * Ask nothing for now (e.g. while this page's own uploads land and update the list themselves). A
   * function is asked at each refresh instead, so the caller need not render again when it changes.
   */
  paused?: boolean | (() => boolean);
}

/**
 * Calls `refresh` when the page is shown again (tab switch, tablet woken, window focused) and every
 * `everyMs` while it is visible; a hidden or paused page asks nothing. Returns the last failure (null
 * once a refresh succeeds) so the page can say its data may be old instead of dropping what it shows.
 */
export function useRefreshWhileOpen(
  refresh: () => Promise<unknown>,
  { everyMs = RECORD_REFRESH_MS, paused = false }: Options = {},
): unknown {
  const latest = useRef({ refresh, paused });
  useEffect(() => {
    latest.current = { refresh, paused };
  });
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let running = false;
    const run = () => {
      const { paused } = latest.current;
      if (running || (typeof paused === 'function' ? paused() : paused)) return;
      if (document.visibilityState !== 'visible') return;
      // Offline or unreachable, nothing can be checked: what is shown stays, saying how old it is (the
      // reachability store checks with backoff, and this runs once the server answers again).
      if (!reachability.isReachable()) return;
      running = true;
      latest.current
        .refresh()
        .then(() => setFailure(null), setFailure)
        .finally(() => {
          running = false;
        });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    const timer = setInterval(run, everyMs);
    window.addEventListener('focus', run);
    // Back from a dead zone: what a kept page shows is checked at once, not at the next tick.
    window.addEventListener('online', run);
    let wasReachable = reachability.isReachable();
    const stopReachability = reachability.subscribe(() => {
      const now = reachability.isReachable();
      if (now && !wasReachable) run();
      wasReachable = now;
    });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', run);
      window.removeEventListener('online', run);
      stopReachability();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [everyMs]);

  return failure;
}
