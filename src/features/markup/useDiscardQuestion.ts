import { useBlocker } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

export interface DiscardQuestion {
  /** "Discard your marks?" is asked now. */
  asking: boolean;
  /** Cancel: asks first when there are marks. */
  cancel(): void;
  /** "Keep marking up": the editor stays, and so does the page (a scan, Back or link is called off). */
  keep(): void;
  /** "Discard marks": the editor closes, and a navigation that was held goes on. */
  discard(): void;
}

/**
 * Marks are never thrown away without asking: not by Cancel, and not by anything that leaves the page
 * under the editor (a scan, the browser's Back, a link, the open-by-id shortcut). While the editor is
 * open every navigation is held; with no marks it goes on at once and the editor closes, with marks
 * the editor asks. Closing or reloading the tab gets the browser's own question, unless the marks are
 * kept elsewhere (a queued photo keeps them for a reload).
 */
export function useDiscardQuestion({
  hasMarks,
  marksKept,
  onDiscard,
}: {
  hasMarks: boolean;
  marksKept: boolean;
  onDiscard(): void;
}): DiscardQuestion {
  const [cancelling, setCancelling] = useState(false);
  const blocker = useBlocker({
    shouldBlockFn: () => true,
    enableBeforeUnload: hasMarks && !marksKept,
    withResolver: true,
  });
  const held = blocker.status === 'blocked';

  useEffect(() => {
    if (blocker.status !== 'blocked' || hasMarks) return;
    blocker.proceed();
    onDiscard();
  }, [blocker, hasMarks, onDiscard]);

  return {
    asking: hasMarks && (cancelling || held),
    cancel: () => (hasMarks ? setCancelling(true) : onDiscard()),
    keep: () => {
      setCancelling(false);
      if (blocker.status === 'blocked') blocker.reset();
    },
    discard: () => {
      if (blocker.status === 'blocked') blocker.proceed();
      onDiscard();
    },
  };
}
