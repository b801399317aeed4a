import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The size of an element, measured before its first paint (so what is drawn to fit it, the
 * editor's stage, comes in the same frame as the rest of the editor) and again at every change.
 */
export function useAreaSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number, height: number) =>
      setSize((now) => (now.width === width && now.height === height ? now : { width, height }));
    const box = element.getBoundingClientRect();
    update(box.width, box.height);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) update(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
