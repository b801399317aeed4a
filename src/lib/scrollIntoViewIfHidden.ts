/**
 * Scrolls `element` into view (nearest edge) only when it is not wholly on screen, learnt from an
 * IntersectionObserver: the browser answers after its own layout of the next frame, so asking costs
 * no layout of its own (`scrollIntoView` called at once in a commit forces one, 49 ms on a tablet's
 * CPU for the upload list, and scrolls even when nothing needs to move). Without the observer (old
 * browsers) it scrolls at once.
 */
export function scrollIntoViewIfHidden(element: Element): void {
  if (typeof IntersectionObserver === 'undefined') {
    element.scrollIntoView({ block: 'nearest' });
    return;
  }
  const observer = new IntersectionObserver(
    ([entry]) => {
      observer.disconnect();
      if (entry && entry.intersectionRatio < 1) element.scrollIntoView({ block: 'nearest' });
    },
    { threshold: 1 },
  );
  observer.observe(element);
}
