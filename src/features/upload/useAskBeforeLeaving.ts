import { useEffect } from 'react';
import { useUploadsValue } from '../../components/uploadQueueContext.tsx';
import { countOnlyInPage } from '../../upload/uploadCounts.ts';

/**
 * While any file is held only in this page (the device could not store it), closing or reloading the
 * tab asks first (the browser's own question), since either loses it; once every such file is stored
 * or attached, nothing is asked.
 */
export function useAskBeforeLeaving(): void {
  const onlyInPage = useUploadsValue(countOnlyInPage) > 0;
  useEffect(() => {
    if (!onlyInPage) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers that predate preventDefault here ask when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [onlyInPage]);
}
