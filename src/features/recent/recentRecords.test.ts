import { beforeEach, describe, expect, it } from 'vitest';
import { loadRecent, rememberRecent, type RecentRecord } from './recentRecords.ts';

const visit = (id: number, at: number, kind: RecentRecord['kind'] = 'runStep'): RecentRecord => ({
  kind,
  id,
  title: `Step ${id}`,
  context: `Run 1 · SN 0041 · Step ${id}`,
  at,
});

describe('recent records on this device', () => {
  beforeEach(() => localStorage.clear());

  it('lists the most recent first, each record once, the last twelve', () => {
    for (let i = 1; i <= 14; i++) rememberRecent(localStorage, 7, visit(i, i));
    rememberRecent(localStorage, 7, visit(3, 100));
    const recent = loadRecent(localStorage, 7);
    expect(recent).toHaveLength(12);
    expect(recent.slice(0, 3).map((r) => r.id)).toEqual([3, 14, 13]);
    expect(recent.filter((r) => r.id === 3)).toHaveLength(1);
    // Same id, other kind: another record.
    rememberRecent(localStorage, 7, visit(3, 101, 'part'));
    expect(
      loadRecent(localStorage, 7)
        .slice(0, 2)
        .map((r) => r.kind),
    ).toEqual(['part', 'runStep']);
  });

  it('keeps each user’s list apart', () => {
    rememberRecent(localStorage, 7, visit(1, 1));
    expect(loadRecent(localStorage, 8)).toEqual([]);
  });

  it('reads damaged or foreign data as nothing', () => {
    localStorage.setItem('floor-attach:recent:7', '{not json');
    expect(loadRecent(localStorage, 7)).toEqual([]);
    localStorage.setItem('floor-attach:recent:7', JSON.stringify([{ kind: 'run' }, visit(2, 2)]));
    expect(loadRecent(localStorage, 7).map((r) => r.id)).toEqual([2]);
  });
});
