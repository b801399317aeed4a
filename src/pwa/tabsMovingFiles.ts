import type { TabsMovingFiles } from './appUpdates.ts';

/** Held shared by every tab with files on the wire; a tab starting a new version asks for it exclusively. */
const FILES_MOVING_LOCK = 'floor-attach:files-moving';

/**
 * Tabs moving files, through a Web Lock: each such tab holds the lock shared while its files move,
 * and the exclusive request of a tab starting a new version is granted only once none does. A tab
 * that closes or crashes lets its share go with it.
 */
export function webLocksTabs(locks: LockManager | undefined = navigator.locks): TabsMovingFiles {
  if (!locks) return { setMoving: () => undefined, whenNoneMoving: (start) => start() };
  let wanted = false;
  /** Set while this tab holds (or has asked for) its share. */
  let holding: { release: (() => void) | null } | null = null;

  const letGo = () => {
    const held = holding;
    if (!held?.release) return;
    holding = null;
    held.release();
  };

  return {
    setMoving(moving) {
      wanted = moving;
      if (!moving) return letGo();
      if (holding) return;
      const held: { release: (() => void) | null } = { release: null };
      holding = held;
      void locks.request(
        FILES_MOVING_LOCK,
        { mode: 'shared' },
        () =>
          new Promise<void>((resolve) => {
            held.release = resolve;
            // The files finished while the share was being granted.
            if (!wanted) letGo();
          }),
      );
    },
    async whenNoneMoving(start, onHeld) {
      const started = await locks.request(
        FILES_MOVING_LOCK,
        { mode: 'exclusive', ifAvailable: true },
        async (lock) => {
          if (!lock) return false;
          await start();
          return true;
        },
      );
      if (started) return;
      onHeld();
      await locks.request(FILES_MOVING_LOCK, { mode: 'exclusive' }, () => start());
    },
  };
}
