import { useEffect, useReducer, useRef } from 'react';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import type { UploadEntry } from '../../upload/types.ts';

/**
 * One file of the upload queue, for a view that shows only it: the component renders again when that
 * file changes, not when any other does (undefined once the file has left the queue).
 *
 * Not useSyncExternalStore: a store that changes while React renders a deferred list in slices makes
 * React throw the slices away and render the list again in one blocking task (so that no two rows
 * show different moments of the store), and the queue announces ten times a second while files move,
 * so a batch's new rows would nearly always come in one long task. Here a row reads the queue's last
 * announcement as it renders and follows the queue once mounted; two rows may show two announcements
 * for a moment, each of them one the queue made.
 */
export function useUploadEntry(id: string): UploadEntry | undefined {
  const queue = useUploadQueue();
  const entry = queue.getEntrySnapshot(id);
  const shown = useRef(entry);
  const [, changed] = useReducer((renders: number) => renders + 1, 0);
  useEffect(() => {
    shown.current = entry;
  });
  useEffect(() => {
    const follow = () => {
      if (queue.getEntrySnapshot(id) !== shown.current) changed();
    };
    // What changed between the render and now.
    follow();
    return queue.subscribe(follow);
  }, [queue, id]);
  return entry;
}
