import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ASK_AGAIN_AFTER_MS,
  HOLD_SCREEN_AFTER_MS,
  keepFilesMoving,
  type KeepAwakeBrowser,
  type QueueView,
} from './keepFilesMoving.ts';
import type { UploadEntry, UploadState } from '../upload/types.ts';

function fakeQueue() {
  let entries: UploadEntry[] = [];
  const listeners = new Set<() => void>();
  const view: QueueView = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => entries,
  };
  const set = (...states: UploadState[]) => {
    entries = states.map((state, i) => ({ id: String(i), state }) as UploadEntry);
    listeners.forEach((listener) => listener());
  };
  return { view, set };
}

function fakeBrowser() {
  const locks: { released: boolean; release: () => Promise<void> }[] = [];
  let visible = true;
  let showListener = () => {};
  const browser: KeepAwakeBrowser = {
    wakeLock: {
      request: vi.fn(async () => {
        const lock = {
          released: false,
          release: vi.fn(async () => {
            lock.released = true;
          }),
        };
        locks.push(lock);
        return lock;
      }),
    },
    storage: { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) },
    isVisible: () => visible,
    onVisible(listener) {
      showListener = listener;
      return () => undefined;
    },
  };
  return {
    browser,
    locks,
    hide() {
      visible = false;
      // The browser releases a screen lock when the page is hidden.
      locks.forEach((lock) => (lock.released = true));
    },
    show() {
      visible = true;
      showListener();
    },
  };
}

/** Files moving for as long as it takes before the screen is held on. */
const movedAWhile = () => vi.advanceTimersByTime(HOLD_SCREEN_AFTER_MS);

describe('keeping files moving', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the screen on while files move and lets it go when they are done', async () => {
    const queue = fakeQueue();
    const { browser, locks } = fakeBrowser();
    keepFilesMoving(queue.view, browser);
    expect(browser.wakeLock!.request).not.toHaveBeenCalled();

    queue.set('uploading', 'queued');
    movedAWhile();
    await vi.waitFor(() => expect(locks).toHaveLength(1));
    queue.set('attached', 'attached');
    await vi.waitFor(() => expect(locks[0]!.released).toBe(true));
  });

  it('asks for no lock for files attached within a second, and one for files that move on', async () => {
    const queue = fakeQueue();
    const { browser, locks } = fakeBrowser();
    keepFilesMoving(queue.view, browser);

    // A photo attached at once, then another: the screen was never at risk.
    queue.set('ticket');
    queue.set('uploading');
    vi.advanceTimersByTime(HOLD_SCREEN_AFTER_MS - 1);
    queue.set('attached');
    queue.set('attached', 'uploading');
    vi.advanceTimersByTime(HOLD_SCREEN_AFTER_MS - 1);
    queue.set('attached', 'attached');
    vi.advanceTimersByTime(10 * HOLD_SCREEN_AFTER_MS);
    await Promise.resolve();
    expect(browser.wakeLock!.request).not.toHaveBeenCalled();

    // A batch: held once its files have moved for the while, however many changes it makes.
    queue.set('uploading', 'queued', 'queued');
    queue.set('registering', 'uploading', 'queued');
    vi.advanceTimersByTime(HOLD_SCREEN_AFTER_MS - 1);
    expect(browser.wakeLock!.request).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(locks).toHaveLength(1));
    queue.set('attached', 'registering', 'uploading');
    queue.set('attached', 'attached', 'registering');
    await Promise.resolve();
    expect(browser.wakeLock!.request).toHaveBeenCalledTimes(1);
    queue.set('attached', 'attached', 'attached');
    await vi.waitFor(() => expect(locks[0]!.released).toBe(true));
  });

  it('takes the lock again when the page is shown again', async () => {
    const queue = fakeQueue();
    const page = fakeBrowser();
    keepFilesMoving(queue.view, page.browser);
    queue.set('uploading');
    movedAWhile();
    await vi.waitFor(() => expect(page.locks).toHaveLength(1));

    page.hide();
    page.show();
    await vi.waitFor(() => expect(page.locks).toHaveLength(2));
    expect(page.locks[1]!.released).toBe(false);
  });

  it('asks for persistent storage once, when the first file is queued', async () => {
    const queue = fakeQueue();
    const { browser } = fakeBrowser();
    keepFilesMoving(queue.view, browser);
    expect(browser.storage!.persisted).not.toHaveBeenCalled();
    queue.set('queued');
    queue.set('uploading');
    queue.set('attached');
    await vi.waitFor(() => expect(browser.storage!.persist).toHaveBeenCalledTimes(1));
    expect(browser.storage!.persisted).toHaveBeenCalledTimes(1);
  });

  it('uploads on without a wake lock where the browser refuses one', async () => {
    const queue = fakeQueue();
    const { browser } = fakeBrowser();
    browser.wakeLock!.request = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    keepFilesMoving(queue.view, browser);
    queue.set('uploading');
    movedAWhile();
    await vi.waitFor(() => expect(browser.wakeLock!.request).toHaveBeenCalled());
  });

  it('asks again after a refusal only when the page is shown again, the next files move, or in a while', async () => {
    const queue = fakeQueue();
    const page = fakeBrowser();
    let grant = false;
    const granted = page.browser.wakeLock!.request;
    const request = vi.fn(async (type: 'screen') => {
      if (!grant) throw new DOMException('Wake Lock permission request denied', 'NotAllowedError');
      return granted(type);
    });
    page.browser.wakeLock!.request = request;
    const settled = async (call: number) => {
      await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(call));
      await request.mock.results[call - 1]!.value.catch(() => undefined);
    };
    keepFilesMoving(queue.view, page.browser);

    queue.set('uploading', 'queued', 'queued');
    movedAWhile();
    await settled(1);
    // The batch moves on, each change of the queue announced: none asks again.
    queue.set('attached', 'uploading', 'queued');
    queue.set('attached', 'attached', 'uploading');
    await Promise.resolve();
    expect(request).toHaveBeenCalledTimes(1);

    // Shown again: asked once more, and granted this time.
    grant = true;
    page.hide();
    page.show();
    await settled(2);
    await Promise.resolve();
    expect(page.locks).toHaveLength(1);

    // Refused again; then the batch ends, and the next files to move ask anew.
    grant = false;
    page.hide();
    page.show();
    await settled(3);
    queue.set('attached', 'attached', 'attached');
    queue.set('uploading');
    movedAWhile();
    await settled(4);

    // Refused while files keep moving: asked again once a while has passed (a tap since may let it).
    queue.set('uploading', 'queued');
    await Promise.resolve();
    expect(request).toHaveBeenCalledTimes(4);
    vi.advanceTimersByTime(ASK_AGAIN_AFTER_MS);
    queue.set('attached', 'uploading');
    await settled(5);
  });
});
