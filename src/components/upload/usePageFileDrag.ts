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
    document.addEventListener('dragenter', enter);
    document.addEventListener('dragleave', leave);
    document.addEventListener('drop', end);
    document.addEventListener('dragend', end);
    return () => {
      document.removeEventListener('dragenter', enter);
      document.removeEventListener('dragleave', leave);
      document.removeEventListener('drop', end);
      document.removeEventListener('dragend', end);
    };
  }, []);
  return dragging;
}
