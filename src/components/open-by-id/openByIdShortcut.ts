import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';

/** The id of the open-by-id input, so the shortcut can focus it when it is on the page. */
export const OPEN_BY_ID_INPUT_ID = 'open-by-id-input';

/** For aria-keyshortcuts and for the hint the UI shows. */
export const OPEN_BY_ID_KEYS = { aria: '/ Control+K Meta+K', text: '/ or Ctrl+K' } as const;

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

let users = 0;
let goHome: (() => void) | null = null;

function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || !isOpenByIdShortcut(event)) return;
  event.preventDefault();
  const input = document.getElementById(OPEN_BY_ID_INPUT_ID);
  if (input instanceof HTMLInputElement) {
    input.focus();
    input.select();
  } else {
    goHome?.();
  }
}

/**
 * Listens for the open-by-id shortcut on every page: it focuses the box when the page has one, or goes
 * to the home page (whose box is focused on load). Any number of callers share one listener.
 */
export function useOpenByIdShortcut(): void {
  const navigate = useNavigate();
  useEffect(() => {
    goHome = () => void navigate({ to: '/' });
    if (users++ === 0) window.addEventListener('keydown', onKeyDown);
    return () => {
      if (--users === 0) window.removeEventListener('keydown', onKeyDown);
    };
  }, [navigate]);
}
