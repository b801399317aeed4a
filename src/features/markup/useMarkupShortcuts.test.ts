import { describe, expect, it } from 'vitest';
import { commandFor } from './useMarkupShortcuts.ts';

const key = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('mark-up shortcuts', () => {
  it('undo, redo (both usual keys, Ctrl or ⌘) and delete', () => {
    expect(commandFor(key('z', { ctrlKey: true }))).toBe('undo');
    expect(commandFor(key('Z', { metaKey: true }))).toBe('undo');
    expect(commandFor(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(commandFor(key('y', { ctrlKey: true }))).toBe('redo');
    expect(commandFor(key('Delete'))).toBe('deleteSelected');
    expect(commandFor(key('Backspace'))).toBe('deleteSelected');
    expect(commandFor(key('z'))).toBeNull();
    expect(commandFor(key('a', { ctrlKey: true }))).toBeNull();
  });
});
