/**
 * Runs `callback` once the browser has painted what the current task changed: in a task queued from
 * the next animation frame, which runs after that frame's style, layout and paint. Work that only
 * follows a change (a notice about it) so lands on the screen a frame later instead of making the
 * change itself wait (bench/LOG.md, issue 40: the "attached" notice's render and its forced layout
 * held the listing's task ~100 ms on a tablet's CPU). Returns a cancel.
 *
 * Without animation frames (a page in the background), the callback runs when they resume.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
