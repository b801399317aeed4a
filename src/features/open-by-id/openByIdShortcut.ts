import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { OPEN_BY_ID_INPUT_ID } from '../../scanner/wedgeScanner.ts';

/** The id of the open-by-id input, so the shortcut can focus it when it is on the page. */
export { OPEN_BY_ID_INPUT_ID };

/** For aria-keyshortcuts and for the hint the UI shows (its keys, joined by the hint's words). */
export const OPEN_BY_ID_KEYS = { aria: '/ Control+K Meta+K', slash: '/', ctrlK: 'Ctrl+K' } as const;

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** `/` outside text fields, or Ctrl+K / ⌘K anywhere. */
export function isOpenByIdShortcut(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  return (
    event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target)
  );
}

function focusBoxOrGoHome(goHome: () => void): void {
  const input = document.getElementById(OPEN_BY_ID_INPUT_ID);
  if (input instanceof HTMLInputElement) {
    input.focus();
    input.select();
  } else {
    // The home page focuses its box when it opens.
    goHome();
  }
}

/**
 * Listens for the open-by-id shortcut for as long as the signed-in shell is there: it focuses the box
 * when the page has one, or goes to the home page (whose box is focused on load). A shortcut pressed
 * while the next page is still loading is honoured once that page is there, never on the page it leaves;
 * if the technician has gone somewhere else meanwhile (typed another id into the box still on screen),
 * that newer choice stands and the shortcut is dropped.
 */
export function useOpenByIdShortcut(): void {
  const router = useRouter();
  useEffect(() => {
    const goHome = () => void router.navigate({ to: '/' });
    let stopWaiting: (() => void) | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isOpenByIdShortcut(event)) return;
      event.preventDefault();
      if (router.state.status !== 'pending') {
        focusBoxOrGoHome(goHome);
        return;
      }
      const awaited = router.state.location.href;
      stopWaiting?.();
      stopWaiting = router.subscribe('onRendered', (rendered) => {
        stopWaiting?.();
        stopWaiting = null;
        if (rendered.toLocation.href === awaited) focusBoxOrGoHome(goHome);
      });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      stopWaiting?.();
    };
  }, [router]);
}
