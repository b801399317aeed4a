import { useCallback, type RefCallback } from 'react';
import { isPortalNode, PORTAL_NODE } from './portalNodes.ts';

/**
 * Focus for dialogs that cover the page (camera, scanner, mark-up editor, previews). Mantine's modal
 * keeps Tab inside while focus is inside, but a control that disappears or turns disabled under the
 * finger drops focus to <body>, from where Tab walked the hidden page behind; and a dialog mounted
 * open and unmounted to close never gave focus back. While such a dialog is open, everything behind
 * it (the page, and dialogs it was opened over) is `inert`, Tab from nowhere goes into it, and on
 * closing focus returns to the control that had it when the dialog opened.
 */
interface OpenDialog {
  root: HTMLElement;
  opener: Element | null;
}

const open: OpenDialog[] = [];
/** What this module made inert, so only that is given back. */
const madeInert = new Set<Element>();

/** The dialog's own root inside the portal node Mantine renders every overlay into. */
function dialogRoot(node: HTMLElement): HTMLElement {
  return node.closest<HTMLElement>(`${PORTAL_NODE} > *`) ?? node;
}

function setInert(element: Element, inert: boolean): void {
  if (inert && !element.hasAttribute('inert')) {
    element.setAttribute('inert', '');
    madeInert.add(element);
  } else if (!inert && madeInert.delete(element)) {
    element.removeAttribute('inert');
  }
}

function applyInert(): void {
  const top = open.at(-1);
  // The page: everything in <body> but the portal nodes, which hold the dialogs and notifications.
  for (const child of Array.from(document.body.children)) {
    if (!isPortalNode(child)) setInert(child, top !== undefined);
  }
  for (const dialog of open) setInert(dialog.root, dialog !== top);
  for (const element of Array.from(madeInert)) if (!element.isConnected) madeInert.delete(element);
}

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) =>
      element.tabIndex >= 0 && !element.closest('[inert]') && element.checkVisibility?.() !== false,
  );
}

/** Tab with focus nowhere (on <body>) goes to the first control of the dialog in front (Shift: the last). */
function onKeyDown(event: KeyboardEvent): void {
  const top = open.at(-1);
  const active = document.activeElement;
  if (event.key !== 'Tab' || !top || (active !== null && active !== document.body)) return;
  const controls = tabbables(top.root);
  const next = event.shiftKey ? controls.at(-1) : controls[0];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

function add(dialog: OpenDialog): void {
  if (open.length === 0) document.addEventListener('keydown', onKeyDown, true);
  open.push(dialog);
  applyInert();
}

function remove(dialog: OpenDialog): void {
  const index = open.indexOf(dialog);
  if (index < 0) return;
  const wasTop = index === open.length - 1;
  open.splice(index, 1);
  applyInert();
  if (open.length === 0) document.removeEventListener('keydown', onKeyDown, true);
  if (!wasTop) return;
  const active = document.activeElement;
  if (active && active !== document.body && !dialog.root.contains(active)) return;
  const back = dialog.opener instanceof HTMLElement && dialog.opener.isConnected ? dialog.opener : null;
  const fallback = open.at(-1);
  (back ?? (fallback ? tabbables(fallback.root)[0] : undefined))?.focus({ preventScroll: true });
}

/**
 * Put on an element inside a dialog that covers the page (its content, or a box in its body): while
 * that element is mounted the dialog holds focus as described above.
 */
export function useDialogFocus(): RefCallback<HTMLElement> {
  return useCallback((node: HTMLElement | null) => {
    if (!node) return;
    // Mantine focuses into a dialog a moment after it mounts: focus is still on what opened it.
    const dialog = { root: dialogRoot(node), opener: document.activeElement };
    add(dialog);
    return () => remove(dialog);
  }, []);
}
