import { useDeferredValue, useEffect, useState } from 'react';

/**
 * useDeferredValue, with a limit on how long the shown value may stay behind: a value left behind
 * for `maxLagMs` is rendered at once, in one urgent render.
 *
 * React starts a deferred render over whenever an urgent one comes first, and the queue announces
 * changes ten times a second while files move: a list whose deferred render takes longer than that
 * (the first render of 200 upload rows, or of a record's long attachments list, on a busy tablet)
 * was never shown. A journey of 500 dropped files saw neither list after 10 s, with 60 attached.
 */
export function useDeferredWithin<T>(value: T, initialValue: T, maxLagMs: number): T {
  const deferred = useDeferredValue(value, initialValue);
  const behind = deferred !== value;
  // The deferred value given up on: until a deferred render moves past it, the latest is shown.
  const [gaveUpOn, setGaveUpOn] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!behind) return;
    const timer = setTimeout(() => setGaveUpOn({ value: deferred }), maxLagMs);
    return () => clearTimeout(timer);
  }, [behind, deferred, maxLagMs]);
  return behind && gaveUpOn?.value === deferred ? value : deferred;
}
