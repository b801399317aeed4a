import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./MarkupEditor.tsx', () => ({ default: () => null }));

/** A fresh copy of the module (its state is per page), with idle callbacks run by the test. */
async function freshEditorCode() {
  vi.resetModules();
  return import('./editorCode.ts');
}

describe("the editor's code, loaded ahead of a tap", () => {
  let idle: (() => void)[];
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads when the page is next idle, not before', async () => {
    const code = await freshEditorCode();
    code.preloadEditor('idle');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(code.loadedEditor()).toBeNull();

    idle.forEach((work) => work());
    await vi.waitFor(() => expect(code.loadedEditor()).not.toBeNull());
  });

  it('loads at once when a "Mark up" button is touched, and only once however often it is asked', async () => {
    const code = await freshEditorCode();
    code.preloadEditor('now');
    const loading = code.loadEditor();
    code.preloadEditor('idle');
    code.preloadEditor('now');
    expect(code.loadEditor()).toBe(loading);
    expect(idle).toHaveLength(0);
    const loaded = await loading;
    expect(code.loadedEditor()).toBe(loaded);
  });
});
