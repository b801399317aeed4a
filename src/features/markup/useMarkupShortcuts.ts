import { useEffect, useLayoutEffect, useRef } from 'react';

export interface MarkupCommands {
  undo(): void;
  redo(): void;
  /** Deletes the selected mark; null while none is selected. */
  deleteSelected: (() => void) | null;
}

/** The command a key press asks for, or null: Ctrl/⌘+Z undo, Ctrl/⌘+Y or +Shift+Z redo, Delete/Backspace. */
export function commandFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): keyof MarkupCommands | null {
  const key = event.key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command && key === 'z' && !event.shiftKey) return 'undo';
  if (command && (key === 'y' || (key === 'z' && event.shiftKey))) return 'redo';
  if (key === 'delete' || key === 'backspace') return 'deleteSelected';
  return null;
}

/**
 * The editor's keyboard shortcuts. It covers the app while open, so they work wherever focus is
 * inside it, except in a text field (where the keys edit the text).
 */
export function useMarkupShortcuts(commands: MarkupCommands): void {
  const latest = useRef(commands);
  useLayoutEffect(() => {
    latest.current = commands;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      const name = commandFor(event);
      const run = name ? latest.current[name] : null;
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
