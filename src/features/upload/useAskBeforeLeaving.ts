import { useEffect } from 'react';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';

/**
 * While any file still to be sent is held only in this page (the device has not stored it: a full
 * disk, or a drop whose files wait for their turn to be written), closing or reloading the tab asks
 * first (the browser's own question), since either loses it. Once every such file is stored or
 * attached, nothing is asked.
 */
export function useAskBeforeLeaving(): void {
  const queue = useUploadQueue();
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!queue.holdsOnlyInPage()) return;
      event.preventDefault();
      // Browsers that predate preventDefault here ask when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [queue]);
}
