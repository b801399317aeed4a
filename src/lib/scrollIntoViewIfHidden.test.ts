import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollIntoViewIfHidden } from './scrollIntoViewIfHidden.ts';

/** The browser's observer as far as this uses it: the test says how much of the element shows. */
function observerShowing(ratio: number) {
  const observed: Element[] = [];
  let disconnected = false;
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      observed.push(element);
      queueMicrotask(() =>
        this.callback(
          [{ target: element, intersectionRatio: ratio } as unknown as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    }
    disconnect() {
      disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return { observed, disconnected: () => disconnected };
}

afterEach(() => vi.unstubAllGlobals());

describe('scrollIntoViewIfHidden', () => {
  it.each([
    [1, false],
    [0.4, true],
    [0, true],
  ])('with %s of it on screen, scrolls: %s, after the frame, not at once', async (ratio, scrolls) => {
    const browser = observerShowing(ratio);
    const element = document.createElement('section');
    const scroll = vi.fn();
    element.scrollIntoView = scroll;
    scrollIntoViewIfHidden(element);
    expect(scroll).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(scroll).toHaveBeenCalledTimes(scrolls ? 1 : 0);
    expect(browser.observed).toEqual([element]);
    expect(browser.disconnected()).toBe(true);
  });
});
