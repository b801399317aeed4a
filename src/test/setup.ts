import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

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
