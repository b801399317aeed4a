/** Zoom levels a preview steps through; 1 fits the page (or image) to the dialog. */
export const ZOOM_LEVELS: readonly number[] = [0.5, 0.75, 1, 1.5, 2, 3, 4];
export const [ZOOM_MIN, ZOOM_MAX] = [0.5, 4];

/** The next level down and up from `zoom` (itself at either end). */
export function zoomSteps(zoom: number): { smaller: number; larger: number } {
  const smaller = [...ZOOM_LEVELS].reverse().find((level) => level < zoom) ?? ZOOM_MIN;
  const larger = ZOOM_LEVELS.find((level) => level > zoom) ?? ZOOM_MAX;
  return { smaller, larger };
}
