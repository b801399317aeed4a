import { useRef, type RefObject } from 'react';
import { useNoticeRoom } from './useNoticeRoom.ts';

/**
 * The page's last element: as tall as the notices at the bottom right need beyond the page's own room
 * (useNoticeRoom). A component of its own so that notices coming and going render it alone: followed
 * from the shell, every notice re-rendered the whole shell (its header, banners and the page's
 * outlet; bench/LOG.md, issue 40).
 */
export function NoticeRoom({ page }: { page: RefObject<HTMLElement | null> }) {
  const spacer = useRef<HTMLDivElement>(null);
  useNoticeRoom(page, spacer);
  return <div ref={spacer} aria-hidden data-notice-room />;
}
