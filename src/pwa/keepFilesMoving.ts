import { countMoving } from '../upload/uploadCounts.ts';
import type { UploadEntry } from '../upload/types.ts';

/** The queue as seen from here: its files and its change announcements. */
export interface QueueView {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly UploadEntry[];
}

/** The browser features used, so tests give fakes and old browsers simply lack them. */
export interface KeepAwakeBrowser {
  wakeLock?: { request(type: 'screen'): Promise<{ released: boolean; release(): Promise<void> }> };
  storage?: { persisted(): Promise<boolean>; persist(): Promise<boolean> };
  isVisible(): boolean;
  onVisible(listener: () => void): () => void;
}

/**
 * How long a refused wake lock is not asked for again while files move: asked at every change of the
 * queue, a batch was refused at each of its announcements, in the very tasks that list its files
 * (bench/LOG.md, issue 40); asked never again, a browser that wants a gesture first would keep the
 * screen dimming after the technician's next tap.
 */
export const ASK_AGAIN_AFTER_MS = 15_000;

/**
 * How long files move before the screen is held on. A screen dims after 15 s or more without a touch,
 * so a lock taken a second in keeps it on as well as one taken at once, and a file that is attached
 * within the second (most single photos) asks for none: asked at once, the request and its release ran
 * in the tasks that send and list each such file, twice per file (bench/LOG.md, issue 40).
 */
export const HOLD_SCREEN_AFTER_MS = 1_000;

/**
 * While files move (for longer than HOLD_SCREEN_AFTER_MS): the screen stays on (a tablet that dims and
 * locks stops its uploads), taken again whenever the page is shown again (the browser drops the lock
 * when it is hidden), and the browser is asked once to keep the stored files through storage pressure.
 */
export function keepFilesMoving(queue: QueueView, browser: KeepAwakeBrowser): () => void {
  let lock: { released: boolean; release(): Promise<void> } | null = null;
  let requesting = false;
  let askedToPersist = false;
  // When the last request was refused: it stands for ASK_AGAIN_AFTER_MS, or until the page is shown
  // again or the files have stopped moving.
  let refusedAt: number | null = null;
  const refusalStands = () => refusedAt !== null && Date.now() - refusedAt < ASK_AGAIN_AFTER_MS;
  // Since when files have been moving without a pause, and the timer that looks again once they have
  // moved for HOLD_SCREEN_AFTER_MS.
  let movingSince: number | null = null;
  let holdTimer: ReturnType<typeof setTimeout> | null = null;

  const moving = () => countMoving(queue.getSnapshot()) > 0;

  const acquire = async () => {
    if (
      !browser.wakeLock ||
      requesting ||
      refusalStands() ||
      (lock && !lock.released) ||
      !browser.isVisible()
    )
      return;
    requesting = true;
    try {
      lock = await browser.wakeLock.request('screen');
      // The files finished while the lock was being granted.
      if (!moving()) await release();
    } catch {
      // Refused (battery saver, no user gesture yet): uploads go on, the screen may dim.
      lock = null;
      refusedAt = Date.now();
    } finally {
      requesting = false;
    }
  };

  const release = async () => {
    const held = lock;
    lock = null;
    if (held && !held.released) await held.release().catch(() => undefined);
  };

  const askToPersist = () => {
    if (askedToPersist || !browser.storage) return;
    askedToPersist = true;
    const { storage } = browser;
    void storage
      .persisted()
      .then((persisted) => (persisted ? true : storage.persist()))
      .catch(() => false);
  };

  const stopWaiting = () => {
    if (holdTimer !== null) clearTimeout(holdTimer);
    holdTimer = null;
  };

  const update = () => {
    if (queue.getSnapshot().length > 0) askToPersist();
    if (!moving()) {
      movingSince = null;
      stopWaiting();
      refusedAt = null;
      void release();
      return;
    }
    movingSince ??= Date.now();
    const wait = movingSince + HOLD_SCREEN_AFTER_MS - Date.now();
    if (wait <= 0) void acquire();
    else
      holdTimer ??= setTimeout(() => {
        holdTimer = null;
        update();
      }, wait);
  };

  const stopQueue = queue.subscribe(update);
  const stopVisible = browser.onVisible(() => {
    refusedAt = null;
    update();
  });
  update();
  return () => {
    stopQueue();
    stopVisible();
    stopWaiting();
    void release();
  };
}

/** The real browser's wake lock, storage and visibility. */
export function browserKeepAwake(): KeepAwakeBrowser {
  return {
    wakeLock: 'wakeLock' in navigator ? navigator.wakeLock : undefined,
    storage: navigator.storage && 'persist' in navigator.storage ? navigator.storage : undefined,
    isVisible: () => document.visibilityState === 'visible',
    onVisible(listener) {
      const onChange = () => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
  };
}
