/**
 * Clip posters load one after another, a few at a time, and only near the screen: each is a video
 * player reading its clip's first bytes through a signed URL, and a record with forty clips would
 * otherwise open forty reads at once, filling the browser's six connections to storage and holding
 * back the page's own requests (and a tablet's memory).
 */

/** Posters loading at once: the rest wait their turn. */
export const POSTER_LOADS_AT_ONCE = 2;

/** How far beyond the screen a row's poster starts loading, so it is there when scrolled to. */
export const POSTER_NEAR_MARGIN = '200px 0px';

let loading = 0;
const waiting: (() => void)[] = [];

function next(): void {
  while (loading < POSTER_LOADS_AT_ONCE && waiting.length > 0) {
    loading += 1;
    waiting.shift()!();
  }
}

/**
 * Waits for a turn to load a poster and calls `start` when it comes (at once when one is free). The
 * returned function gives the turn back (its poster loaded, failed, or is gone); called before the
 * turn came, it leaves the queue. Calling it more than once does nothing more.
 */
export function takePosterTurn(start: () => void): () => void {
  let state: 'waiting' | 'loading' | 'done' = 'waiting';
  const begin = () => {
    state = 'loading';
    start();
  };
  waiting.push(begin);
  next();
  return () => {
    if (state === 'loading') {
      loading -= 1;
      next();
    } else if (state === 'waiting') {
      waiting.splice(waiting.indexOf(begin), 1);
    }
    state = 'done';
  };
}

/** Rows waiting to come near the screen, each with what to do when it does. */
const watched = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

/**
 * Calls `near` once, when `element` comes within POSTER_NEAR_MARGIN of the screen (at once where the
 * browser cannot tell). One observer serves every row. Returns a function that stops watching.
 */
export function whenNearScreen(element: Element, near: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    near();
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const call = watched.get(entry.target);
        observer?.unobserve(entry.target);
        watched.delete(entry.target);
        call?.();
      }
    },
    { rootMargin: POSTER_NEAR_MARGIN },
  );
  watched.set(element, near);
  observer.observe(element);
  return () => {
    if (watched.delete(element)) observer?.unobserve(element);
  };
}
