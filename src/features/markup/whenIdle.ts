/**
 * Runs `work` when the page is next idle (after what it is busy with now, such as a render), or
 * after a short pause where the browser cannot say when it is idle.
 */
export function whenIdle(work: () => void): void {
  if (typeof window === 'undefined') return;
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => work());
  else window.setTimeout(work, 200);
}
