import { describe, expect, it, vi } from 'vitest';
import { createAppUpdates } from './appUpdates.ts';

describe('app updates', () => {
  it('reports a waiting version and applies it only when asked', async () => {
    let announce = () => {};
    const applyUpdate = vi.fn(async () => undefined);
    const updates = createAppUpdates({
      register(onReady) {
        announce = onReady;
        return applyUpdate;
      },
    });
    const listener = vi.fn();
    updates.subscribe(listener);
    expect(updates.isReady()).toBe(false);

    announce();
    expect(updates.isReady()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(applyUpdate).not.toHaveBeenCalled();

    await updates.apply();
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });
});
