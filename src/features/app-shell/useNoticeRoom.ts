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
  useNoticesBesideDialogs(notifications.length);
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

/** Set on the root while a dialog in front leaves room below it for the notices (AppProviders.module.css). */
export const NOTICES_BELOW_DIALOG = 'data-notices-below-dialog';

/** The notices' distance from the screen's bottom edge (Mantine's md spacing). */
const NOTICE_EDGE_PX = 16;

/**
 * Where notices sit while a dialog is in front: at the bottom right when the dialog ends high enough to
 * leave room for their stack below it (a label, a question: their buttons are at their bottom, which
 * may be half way down the screen), else half way down the right edge (a preview or the mark-up editor,
 * whose controls run along their top and bottom). Measured as dialogs open, move and close, while
 * notices show.
 */
function useNoticesBesideDialogs(showing: number): void {
  useEffect(() => {
    const root = document.documentElement;
    if (showing === 0) {
      root.removeAttribute(NOTICES_BELOW_DIALOG);
      return;
    }
    let frame = 0;
    let run = 0;
    const place = async () => {
      const mine = ++run;
      const dialog = [...document.querySelectorAll('.mantine-Modal-content')]
        .filter((content) => content.getClientRects().length > 0)
        .at(-1);
      await settled(dialog ?? null);
      if (mine !== run) return;
      const boxes = [...document.querySelectorAll('.mantine-Notifications-root .mantine-Notification-root')]
        .map((notice) => notice.getBoundingClientRect())
        .filter((box) => box.height > 0);
      if (!dialog || boxes.length === 0) {
        root.removeAttribute(NOTICES_BELOW_DIALOG);
        return;
      }
      const stack = Math.max(...boxes.map((box) => box.bottom)) - Math.min(...boxes.map((box) => box.top));
      const below = window.innerHeight - dialog.getBoundingClientRect().bottom;
      root.toggleAttribute(NOTICES_BELOW_DIALOG, below >= stack + NOTICE_EDGE_PX + GAP_PX);
    };
    // A dialog comes and goes as a child of a portal node of the body's: those are watched, never every
    // change in the page (an upload's progress changes the page ten times a second).
    const watch = new MutationObserver(() => soon());
    const soon = () => {
      for (const portal of document.querySelectorAll('body > [data-portal]')) {
        watch.observe(portal, { childList: true });
      }
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => void place());
    };
    watch.observe(document.body, { childList: true });
    window.addEventListener('resize', soon);
    soon();
    return () => {
      run += 1;
      cancelAnimationFrame(frame);
      watch.disconnect();
      window.removeEventListener('resize', soon);
      root.removeAttribute(NOTICES_BELOW_DIALOG);
    };
  }, [showing]);
}
