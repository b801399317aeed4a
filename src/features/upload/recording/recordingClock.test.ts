import { describe, expect, it, vi } from 'vitest';
import { recordingClock } from './recordingClock.ts';

describe('recordingClock', () => {
  it('tells its listeners of a new second only, and stops telling one that left', () => {
    const clock = recordingClock();
    const heard = vi.fn();
    const leave = clock.subscribe(heard);
    clock.set(0);
    expect(heard).not.toHaveBeenCalled();
    clock.set(1);
    clock.set(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(clock.seconds()).toBe(1);
    leave();
    clock.set(2);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(clock.seconds()).toBe(2);
  });
});
