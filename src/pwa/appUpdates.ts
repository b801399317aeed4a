/**
 * A new version of the app, waiting to take over. The service worker installs it in the background;
 * it takes over only when the technician says so, and never while any open tab has files on the
 * wire: a reload would cut an upload off halfway.
 */
export type UpdateState =
  /** Nothing new. */
  | 'current'
  /** A new version waits; "Reload" starts it. */
  | 'ready'
  /** Asked to start it; waiting for files being sent, in this tab or another. */
  | 'held'
  /** Another tab started it: this page reloads into it as soon as its own files are sent. */
  | 'taken-over';

export interface AppUpdates {
  getState(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** Starts the waiting version once no tab has files moving; every page then reloads into it. */
  apply(): Promise<void>;
  /** While `files` move in this page, other tabs do not start a new version and this page does not reload. */
  holdReloadWhile(files: FilesMoving): () => void;
}

/** This page's files on the wire (the upload queue, seen from here). */
export interface FilesMoving {
  isMoving(): boolean;
  subscribe(listener: () => void): () => void;
}

/** What the registration (vite-plugin-pwa's registerSW) offers, as events and the function that applies. */
export interface UpdateSource {
  /**
   * Registers the worker: `onReady` when a new version waits, `onTakenOver` when a new version took
   * control of this page (whichever tab started it). Returns the function that starts the waiting one.
   */
  register(events: { onReady: () => void; onTakenOver: () => void }): () => Promise<void>;
}

/** The open tabs of this app, as far as files moving go (see tabsMovingFiles.ts). */
export interface TabsMovingFiles {
  /** Says whether this page has files moving now. */
  setMoving(moving: boolean): void;
  /** Runs `start` once no tab has files moving; `onHeld` first when it has to wait. */
  whenNoneMoving(start: () => Promise<void>, onHeld: () => void): Promise<void>;
}

/** Where tabs cannot see each other: this page's own files are still waited for (holdReloadWhile). */
export const thisTabOnly: TabsMovingFiles = {
  setMoving: () => undefined,
  whenNoneMoving: (start) => start(),
};

export function createAppUpdates(
  source: UpdateSource,
  tabs: TabsMovingFiles = thisTabOnly,
  reload: () => void = () => window.location.reload(),
): AppUpdates {
  let state: UpdateState = 'current';
  let files: FilesMoving | null = null;
  const listeners = new Set<() => void>();
  const setState = (next: UpdateState) => {
    if (state === next) return;
    state = next;
    listeners.forEach((listener) => listener());
  };
  // The new version controls this page: its old code must not run on (its chunks are gone from the
  // cache), but a file on the wire finishes first.
  const reloadWhenIdle = () => {
    if (state === 'taken-over' && !files?.isMoving()) reload();
  };
  const start = source.register({
    onReady: () => {
      if (state === 'current') setState('ready');
    },
    onTakenOver: () => {
      setState('taken-over');
      reloadWhenIdle();
    },
  });
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply: () => tabs.whenNoneMoving(start, () => setState('held')),
    holdReloadWhile(moving) {
      files = moving;
      const update = () => {
        tabs.setMoving(moving.isMoving());
        reloadWhenIdle();
      };
      const stop = moving.subscribe(update);
      update();
      return () => {
        stop();
        files = null;
        tabs.setMoving(false);
      };
    },
  };
}

/** For pages and tests without a service worker: no update ever waits. */
export const noAppUpdates: AppUpdates = {
  getState: () => 'current',
  subscribe: () => () => undefined,
  apply: async () => undefined,
  holdReloadWhile: () => () => undefined,
};
