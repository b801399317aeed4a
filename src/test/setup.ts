import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { editorLoadSettled } from '../features/markup/editorCode.ts';
import { runAfterTestSteps } from './afterTest.ts';

afterEach(() => {
  cleanup();
  runAfterTestSteps();
});

// A file that listed a photo to mark up may have started loading the editor's code ahead of a tap
// (src/features/markup/editorCode.ts). The load must end while this file's environment is still there:
// a worker's last file is torn down at its end, and an import still running then fails the run
// (EnvironmentTeardownError, seen in CI on 2026-11-30 under load).
afterAll(() => editorLoadSettled());

// The app's test files share one jsdom window per worker (vitest.config.ts: isolate false, several
// times faster than a new window and module graph per file). Each file starts as on a fresh page: a
// blank body, at '/', with empty storage and no notice left in Mantine's (module-level) queue.
beforeAll(() => {
  notifications.clean();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
});

// findBy/waitFor wait for a state, not a time: on a busy 2-core CI machine a state can take more
// than Testing Library's default second to arrive, and a wait that gives up early is a false failure.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs; Mantine reads them (colour scheme, ScrollArea, transitions).
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.HTMLElement.prototype.scrollIntoView ??= () => {};
