import { useEffect, useMemo, useState } from 'react';

/** How a list's new items are drawn: a few at once, the rest a slice per task. */
export interface RevealOptions {
  /** New items drawn in the same render that brought them (a photo just taken, a file chosen). */
  atOnce?: number;
  /** Items drawn per later task while more wait. */
  perSlice?: number;
  /** Whether the items there at the first render are drawn at once (a record's list) or sliced too. */
  initiallyAll?: boolean;
}

const NONE: ReadonlySet<string | number> = new Set();

/**
 * The keys of a list that are drawn, in the list's order: those drawn before, new ones at once when
 * they are few (`atOnce`), else `perSlice` more per task (first in the list's order first), each slice
 * rendered and committed on its own.
 *
 * A batch of 30 files drawn in one render held the tablet's main thread for half a second, and a
 * deferred render could not help: React restarts it at every urgent render, and the upload queue's
 * announcements (ten a second) kept it from ever finishing. A slice here is a plain update from a
 * timer, which no announcement throws away, and no commit holds more than a few new rows.
 */
export function useRevealedGradually<K extends string | number>(
  keys: readonly K[],
  { atOnce = 2, perSlice = 3, initiallyAll = false }: RevealOptions = {},
): readonly K[] {
  const [revealed, setRevealed] = useState<ReadonlySet<K>>(() =>
    initiallyAll ? new Set(keys) : (NONE as ReadonlySet<K>),
  );
  const missing = useMemo(() => keys.filter((key) => !revealed.has(key)), [keys, revealed]);
  const few = missing.length <= atOnce;
  // A few new items join in this render (React renders again at once, before committing).
  if (missing.length > 0 && few) setRevealed(joined(revealed, keys, missing));
  useEffect(() => {
    if (few) return;
    const timer = setTimeout(() => setRevealed(joined(revealed, keys, missing.slice(0, perSlice))));
    return () => clearTimeout(timer);
  }, [few, revealed, keys, missing, perSlice]);
  return useMemo(
    () => (missing.length === 0 ? keys : keys.filter((key) => revealed.has(key))),
    [keys, revealed, missing],
  );
}

/** The revealed keys still listed, and `added`. */
function joined<K>(revealed: ReadonlySet<K>, keys: readonly K[], added: readonly K[]): ReadonlySet<K> {
  const next = new Set(added);
  for (const key of keys) if (revealed.has(key)) next.add(key);
  return next;
}
