import { overallProgress } from '../../../upload/describeUpload.ts';
import type { UploadEntry } from '../../../upload/types.ts';

const photos = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

/**
 * What the camera says of its shots. Each one goes to the queue as it is taken, so the camera never
 * offers to "attach" them: it says how far they are ("2 photos attached, 1 photo on the way").
 */
export function shotsSummary(entries: readonly UploadEntry[]): string {
  const { attached, active, failed } = overallProgress(entries);
  return [
    attached > 0 && `${photos(attached)} attached`,
    active > 0 && `${photos(active)} on the way`,
    failed > 0 && `${photos(failed)} failed: see the uploads on the page`,
  ]
    .filter(Boolean)
    .join(', ');
}
