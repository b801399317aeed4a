import { useEffect, useRef, type RefObject } from 'react';
import { useNotifications } from '@mantine/notifications';
import { inPortals, portalNodes } from '../../components/portalNodes.ts';

/** The page's own room below its end (AppShellLayout's padding): notices taller than it get more. */
export const PAGE_END_ROOM = '10rem';

/** Space kept between a notice and the control it would have covered. */
const GAP_PX = 8;

/** What a gloved tap aims at in the page. */
const CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [role="radio"], [role="tab"]';

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

/**
 * Where `elements` are on screen as the browser lays out its next frame, in their order. An
 * IntersectionObserver answers after that frame's own layout, so asking lays nothing out on the spot:
 * `getBoundingClientRect` right after the page changed (a notice shown, the room set) made the browser
 * restyle and lay out the whole page there and then, 283 ms on a tablet's CPU for a record of 100 files
 * (bench/LOG.md, issue 40). Without the observer (old browsers; jsdom) the boxes are read at once.
 */
function boxesOf(elements: readonly Element[]): Promise<DOMRectReadOnly[]> {
  if (elements.length === 0) return Promise.resolve([]);
  if (typeof IntersectionObserver === 'undefined') {
    return Promise.resolve(elements.map((element) => element.getBoundingClientRect()));
  }
  return new Promise((resolve) => {
    const boxes = new Map<Element, DOMRectReadOnly>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) boxes.set(entry.target, entry.boundingClientRect);
      if (boxes.size < new Set(elements).size) return;
      observer.disconnect();
      resolve(elements.map((element) => boxes.get(element)!));
    });
    for (const element of elements) observer.observe(element);
  });
}

/**
 * The page's end grows by what the notices need beyond its own room, plus how far the page was lifted.
 * Written on the spacer's own height: the room was a custom property on the root, which every element
 * inherits, so setting it restyled the whole page (580 ms on a tablet's CPU, issue 40).
 */
function setRoom(spacer: HTMLElement | null, room: number, lift: number): void {
  spacer?.style.setProperty('height', `calc(max(0px, ${room}px - ${PAGE_END_ROOM}) + ${lift}px)`);
  // What is brought into view (a focused control, a new row) lands above the notices too.
  document.documentElement.style.setProperty('scroll-padding-bottom', `${room}px`);
}

function clearRoom(spacer: HTMLElement | null): void {
  spacer?.style.removeProperty('height');
  document.documentElement.style.removeProperty('scroll-padding-bottom');
}

/**
 * Notices never cover the page's controls (a row's Download and Delete, most of all, at the bottom of a
 * tablet's screen): while any show, the page ends with room as tall as their stack (`spacer`, the
 * page's last element), and when they come over controls the page moves up by their height, the way a
 * tablet's keyboard makes room: what was in sight stays in sight, above them. Each notice is measured
 * once its transition ends. A dialog or the uploads panel in front leaves the page as it is (notices
 * then sit where those hold no controls: AppProviders.module.css).
 */
export function useNoticeRoom(
  page: RefObject<HTMLElement | null>,
  spacer: RefObject<HTMLElement | null>,
): void {
  const { notifications } = useNotifications();
  useNoticesBesideDialogs(notifications.length);
  const measured = useRef(0);
  // How far the page was moved up for the notices showing now.
  const lifted = useRef(0);

  useEffect(() => {
    const run = ++measured.current;
    const settle = async () => {
      const stack = inPortals('.mantine-Notifications-root[data-position="bottom-right"]')[0] ?? null;
      await settled(stack);
      if (run !== measured.current) return;
      const notices = [...(stack?.querySelectorAll('.mantine-Notification-root') ?? [])];
      const inFront = inPortals('.mantine-Modal-content, .mantine-Drawer-content').length > 0;
      // Whether they come over a control is asked only while the page is in front and not lifted yet.
      const controls =
        notices.length === 0 || inFront || lifted.current > 0
          ? []
          : [...(page.current?.querySelectorAll(CONTROLS) ?? [])];
      const measuredBoxes = await boxesOf([...notices, ...controls]);
      if (run !== measured.current) return;
      const boxes = measuredBoxes
        .slice(0, notices.length)
        .filter((box) => box.height > 0 && box.top < window.innerHeight);
      if (boxes.length === 0) {
        lifted.current = 0;
        clearRoom(spacer.current);
        return;
      }
      const top = Math.min(...boxes.map((box) => box.top));
      const left = Math.min(...boxes.map((box) => box.left));
      const right = Math.max(...boxes.map((box) => box.right));
      const room = Math.ceil(window.innerHeight - top + GAP_PX);
      const covered =
        !inFront &&
        (lifted.current > 0 ||
          measuredBoxes
            .slice(notices.length)
            .some(
              (box) =>
                box.width > 0 &&
                box.bottom > top &&
                box.top < window.innerHeight &&
                box.left < right &&
                box.right > left,
            ));
      if (!covered || room <= lifted.current) {
        setRoom(spacer.current, room, lifted.current);
        return;
      }
      const by = room - lifted.current;
      setRoom(spacer.current, room, room);
      lifted.current = room;
      // Scrolled once the next frame has laid the taller page out (the spacer's box, from the observer):
      // scrolling in this task made the browser lay the whole page out here, in the task that set the
      // room (65 ms on a tablet's CPU for a record of 100 files: bench/LOG.md, issue 40). Unless the
      // room was taken back or changed meanwhile.
      await boxesOf(spacer.current ? [spacer.current] : []);
      if (lifted.current === room) window.scrollBy({ top: by, behavior: 'instant' });
    };
    void settle();
  }, [notifications, page, spacer]);

  useEffect(() => {
    const end = spacer.current;
    return () => clearRoom(end);
  }, [spacer]);
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
      const dialog = inPortals('.mantine-Modal-content')
        .filter((content) => content.getClientRects().length > 0)
        .at(-1);
      // No dialog in front (the usual case): nothing to measure.
      if (!dialog) {
        root.removeAttribute(NOTICES_BELOW_DIALOG);
        return;
      }
      await settled(dialog);
      if (mine !== run) return;
      const notices = [...inPortals('.mantine-Notifications-root .mantine-Notification-root')];
      const [dialogBox, ...noticeBoxes] = await boxesOf([dialog, ...notices]);
      if (mine !== run) return;
      const boxes = noticeBoxes.filter((box) => box.height > 0);
      if (boxes.length === 0) {
        root.removeAttribute(NOTICES_BELOW_DIALOG);
        return;
      }
      const stack = Math.max(...boxes.map((box) => box.bottom)) - Math.min(...boxes.map((box) => box.top));
      const below = window.innerHeight - dialogBox!.bottom;
      root.toggleAttribute(NOTICES_BELOW_DIALOG, below >= stack + NOTICE_EDGE_PX + GAP_PX);
    };
    // A dialog comes and goes as a child of a portal node of the body's: those are watched, never every
    // change in the page (an upload's progress changes the page ten times a second).
    const watch = new MutationObserver(() => soon());
    const soon = () => {
      for (const portal of portalNodes()) {
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
