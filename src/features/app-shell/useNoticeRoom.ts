import { useEffect, useRef, type RefObject } from 'react';
import { useNotifications } from '@mantine/notifications';

/**
 * The room the page keeps below its end while notices (toasts) show at the bottom right, as a CSS
 * length: the page's padding takes the larger of it and its own, so the last row always scrolls clear.
 */
export const NOTICE_ROOM_VAR = '--notice-room';

/** Space kept between a notice and the control it would have covered. */
const GAP_PX = 8;

/** What a gloved tap aims at in the page. */
const CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [role="radio"], [role="tab"]';

/** How far the page is lifted while notices show: added to the room, so the page can always move up. */
export const NOTICE_LIFT_VAR = '--notice-lift';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Once the notices have moved into place: a notice's transition starts a frame or two after the store
 * changes, and one may follow another (a notice entering as another leaves).
 */
async function settled(stack: Element | null): Promise<void> {
  // (jsdom, in the unit tests, has no animations to wait for.)
  if (!stack || !('getAnimations' in stack)) return;
  for (let round = 0; round < 10; round += 1) {
    await nextFrame();
    await nextFrame();
    const moving = stack.getAnimations({ subtree: true });
    if (moving.length === 0) return;
    await Promise.allSettled(moving.map((motion) => motion.finished));
  }
}

function clearRoom(): void {
  const { style } = document.documentElement;
  for (const property of [NOTICE_ROOM_VAR, NOTICE_LIFT_VAR, 'scroll-padding-bottom']) {
    style.removeProperty(property);
  }
}

/**
 * Notices never cover the page's controls (a row's Download and Delete, most of all, at the bottom of a
 * tablet's screen): while any show, the page ends with room as tall as their stack, and when they come
 * over controls the page moves up by their height, the way a tablet's keyboard makes room: what was in
 * sight stays in sight, above them. Each notice is measured once its transition ends. A dialog or the
 * uploads panel in front leaves the page as it is (notices then sit where those hold no controls:
 * AppProviders.module.css).
 */
export function useNoticeRoom(page: RefObject<HTMLElement | null>): void {
  const { notifications } = useNotifications();
  const measured = useRef(0);
  // How far the page was moved up for the notices showing now.
  const lifted = useRef(0);

  useEffect(() => {
    const run = ++measured.current;
    const { style } = document.documentElement;
    const settle = async () => {
      const stack = document.querySelector('.mantine-Notifications-root[data-position="bottom-right"]');
      await settled(stack);
      if (run !== measured.current) return;
      const boxes = [...(stack?.querySelectorAll('.mantine-Notification-root') ?? [])]
        .map((notice) => notice.getBoundingClientRect())
        .filter((box) => box.height > 0 && box.top < window.innerHeight);
      if (boxes.length === 0) {
        lifted.current = 0;
        clearRoom();
        return;
      }
      const top = Math.min(...boxes.map((box) => box.top));
      const left = Math.min(...boxes.map((box) => box.left));
      const right = Math.max(...boxes.map((box) => box.right));
      const room = Math.ceil(window.innerHeight - top + GAP_PX);
      style.setProperty(NOTICE_ROOM_VAR, `${room}px`);
      // What is brought into view (a focused control, a new row) lands above the notices too.
      style.setProperty('scroll-padding-bottom', `${room}px`);
      if (document.body.matches(':has(.mantine-Modal-content, .mantine-Drawer-content)')) return;
      const covered =
        lifted.current > 0 ||
        [...(page.current?.querySelectorAll(CONTROLS) ?? [])]
          .map((control) => control.getBoundingClientRect())
          .some(
            (box) =>
              box.width > 0 &&
              box.bottom > top &&
              box.top < window.innerHeight &&
              box.left < right &&
              box.right > left,
          );
      if (!covered || room <= lifted.current) return;
      style.setProperty(NOTICE_LIFT_VAR, `${room}px`);
      window.scrollBy({ top: room - lifted.current, behavior: 'instant' });
      lifted.current = room;
    };
    void settle();
  }, [notifications, page]);

  useEffect(() => clearRoom, []);
}
