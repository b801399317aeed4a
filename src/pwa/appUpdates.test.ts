import { describe, expect, it, vi } from 'vitest';
import { createAppUpdates, type FilesMoving, type TabsMovingFiles, type UpdateSource } from './appUpdates.ts';

function fakeSource() {
  const events = { ready: () => {}, takenOver: () => {} };
  const start = vi.fn(async () => undefined);
  const source: UpdateSource = {
    register({ onReady, onTakenOver }) {
      events.ready = onReady;
      events.takenOver = onTakenOver;
      return start;
    },
  };
  return { source, events, start };
}

function fakeFiles(initiallyMoving = false) {
  let moving = initiallyMoving;
  const listeners = new Set<() => void>();
  const files: FilesMoving = {
    isMoving: () => moving,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    files,
    set(next: boolean) {
      moving = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** Other tabs as one switch: while they move files, starting waits. */
function fakeTabs() {
  let othersMoving = false;
  let waiting: (() => Promise<void>) | null = null;
  const tabs: TabsMovingFiles & { thisTab: boolean } = {
    thisTab: false,
    setMoving(moving) {
      tabs.thisTab = moving;
    },
    async whenNoneMoving(start, onHeld) {
      if (!othersMoving && !tabs.thisTab) return start();
      onHeld();
      waiting = start;
    },
  };
  return {
    tabs,
    othersMove: () => (othersMoving = true),
    async othersDone() {
      othersMoving = false;
      await waiting?.();
    },
  };
}

describe('app updates', () => {
  it('reports a waiting version and starts it only when asked', async () => {
    const { source, events, start } = fakeSource();
    const updates = createAppUpdates(source);
    const listener = vi.fn();
    updates.subscribe(listener);
    expect(updates.getState()).toBe('current');

    events.ready();
    expect(updates.getState()).toBe('ready');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(start).not.toHaveBeenCalled();

    await updates.apply();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not start the new version while another tab has files on the wire', async () => {
    const { source, events, start } = fakeSource();
    const { tabs, othersMove, othersDone } = fakeTabs();
    const updates = createAppUpdates(source, tabs, vi.fn());
    events.ready();
    othersMove();

    await updates.apply();
    expect(updates.getState()).toBe('held');
    expect(start).not.toHaveBeenCalled();
    await othersDone();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('started from another tab, reloads this page only once its own files are sent', () => {
    const { source, events } = fakeSource();
    const { tabs } = fakeTabs();
    const reload = vi.fn();
    const updates = createAppUpdates(source, tabs, reload);
    const page = fakeFiles(true);
    updates.holdReloadWhile(page.files);
    expect(tabs.thisTab).toBe(true);

    events.takenOver();
    expect(updates.getState()).toBe('taken-over');
    expect(reload).not.toHaveBeenCalled();
    page.set(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(tabs.thisTab).toBe(false);
  });

  it('with nothing moving, reloads as soon as the new version takes the page', () => {
    const { source, events } = fakeSource();
    const reload = vi.fn();
    const updates = createAppUpdates(source, undefined, reload);
    updates.holdReloadWhile(fakeFiles(false).files);
    events.takenOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
