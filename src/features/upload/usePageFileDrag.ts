import { useEffect, useState } from 'react';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer !== null && Array.from(event.dataTransfer.types).includes('Files');
}

/** True while files are dragged anywhere over the page (not only over the drop zone itself). */
export function usePageFileDrag(): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    // Entering an element fires before leaving the previous one, so the count is 0 only outside the page.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const end = () => {
      depth = 0;
      setDragging(false);
    };
    // Capture phase: a nested drop target (an evidence slot) stops its drag events from bubbling,
    // and the page must still count them and see the drop that ends the drag.
    document.addEventListener('dragenter', enter, true);
    document.addEventListener('dragleave', leave, true);
    document.addEventListener('drop', end, true);
    document.addEventListener('dragend', end, true);
    return () => {
      document.removeEventListener('dragenter', enter, true);
      document.removeEventListener('dragleave', leave, true);
      document.removeEventListener('drop', end, true);
      document.removeEventListener('dragend', end, true);
    };
  }, []);
  return dragging;
}
