import { describe, expect, it } from 'vitest';
import { copiesOverBudget, type BudgetedCopy } from './keptBudget.ts';

const copy = (id: number, bytes: number, keptAt: number, pins: string[]): BudgetedCopy => ({
  id,
  bytes,
  keptAt,
  pins,
});

describe('which kept copies go when they do not fit', () => {
  it('deletes nothing while everything fits, the budget itself included', () => {
    const copies = [copy(1, 40, 1, ['run:1']), copy(2, 60, 2, [])];
    expect(copiesOverBudget(copies, new Map([['run:1', 1]]), 100)).toEqual([]);
    expect(copiesOverBudget([], new Map(), 0)).toEqual([]);
  });

  it('deletes the oldest copies no pin asks for first, only as many as needed', () => {
    const pinnedAt = new Map([['run:1', 10]]);
    const copies = [
      copy(1, 50, 1, ['run:1']),
      copy(2, 50, 5, ['run:2']), // run 2 was unpinned
      copy(3, 50, 3, []),
      copy(4, 50, 4, ['run:2']),
    ];
    expect(copiesOverBudget(copies, pinnedAt, 150)).toEqual([3]);
    expect(copiesOverBudget(copies, pinnedAt, 100)).toEqual([3, 4]);
    expect(copiesOverBudget(copies, pinnedAt, 50)).toEqual([3, 4, 2]);
  });

  it('then the copies of the oldest pins, oldest copy first within a pin', () => {
    const pinnedAt = new Map([
      ['run:1', 100],
      ['part:7', 50],
    ]);
    const copies = [
      copy(1, 10, 300, ['run:1']),
      copy(2, 10, 200, ['part:7']),
      copy(3, 10, 100, ['part:7']),
      copy(4, 10, 50, ['run:1']),
      copy(5, 10, 400, ['old:1']),
    ];
    expect(copiesOverBudget(copies, pinnedAt, 15)).toEqual([5, 3, 2, 4]);
  });

  it('counts a copy two pins share as the newer pin’s', () => {
    const pinnedAt = new Map([
      ['run:1', 100],
      ['runStep:3', 10],
    ]);
    const shared = copy(1, 10, 1, ['runStep:3', 'run:1']);
    const older = copy(2, 10, 2, ['runStep:3']);
    expect(copiesOverBudget([shared, older], pinnedAt, 10)).toEqual([2]);
  });

  it('deletes everything when even one copy is over a budget of nothing', () => {
    expect(copiesOverBudget([copy(1, 1, 1, ['run:1'])], new Map([['run:1', 1]]), 0)).toEqual([1]);
  });
});
