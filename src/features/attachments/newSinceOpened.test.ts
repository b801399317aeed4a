import { describe, expect, it } from 'vitest';
import { newSinceOpened } from './newSinceOpened.ts';

const none = () => false;

describe('newSinceOpened', () => {
  it('marks the files that were not there when the record was opened', () => {
    expect([...newSinceOpened([1, 2, 3, 4], new Set([1, 2]), none)]).toEqual([3, 4]);
  });

  it('never marks a file this tablet attached', () => {
    expect([...newSinceOpened([1, 2, 3], new Set([1]), (id) => id === 2)]).toEqual([3]);
  });

  it('marks nothing while the list holds only what it opened with, or less (a file deleted)', () => {
    expect(newSinceOpened([1, 2], new Set([1, 2]), none).size).toBe(0);
    expect(newSinceOpened([2], new Set([1, 2]), none).size).toBe(0);
  });
});
