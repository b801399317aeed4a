import { whenIdle } from './whenIdle.ts';

type EditorModule = typeof import('./MarkupEditor.tsx');

let loading: Promise<EditorModule> | null = null;
let loaded: EditorModule | null = null;

/**
 * The editor's code (the editor and its canvas library), fetched and run once; a failed fetch is
 * tried again the next time it is asked for.
 */
export function loadEditor(): Promise<EditorModule> {
  loading ??= import('./MarkupEditor.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Settles once a load already under way has ended (loaded or failed); at once when none is. Test files
 * share one window (vitest.config.ts: isolate false), and a load a preload started must not outlive the
 * file's environment.
 */
export function editorLoadSettled(): Promise<void> {
  return (loading ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

/** The editor's code once it has run (so it is rendered without a loading step), else null. */
export function loadedEditor(): EditorModule | null {
  return loaded;
}

/**
 * Loads the editor's code ahead of a tap on "Mark up": at once, or when the page is next idle.
 * Ahead of time a failure is not shown (nobody asked for the editor yet): opening it loads again
 * and says so when that fails.
 */
export function preloadEditor(when: 'now' | 'idle'): void {
  if (loading) return;
  const load = () => void loadEditor().catch(() => undefined);
  if (when === 'now') load();
  else whenIdle(load);
}
