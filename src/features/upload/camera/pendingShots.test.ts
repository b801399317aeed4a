import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UploadTarget } from '../../../upload/types.ts';
import { PendingShots, takingCount, usePendingShotCount, usePendingShots } from './pendingShots.ts';

const part = { entityId: 5, label: 'Part 1', record: { kind: 'part' as const, id: 1 } };
const step = { entityId: 9, label: 'Run step 3', record: { kind: 'runStep' as const, id: 3 } };
const shot = (target: UploadTarget = part, filename = 'photo-2026-11-28-0100-00-1.jpg') => ({
  filename,
  target,
  thumbnail: null,
});

describe('PendingShots', () => {
  it('lists a press at once as being taken, with its final name, until it is removed', () => {
    const store = new PendingShots();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().length));
    const first = store.add(shot());
    const second = store.add(shot(part, 'photo-2026-11-28-0100-00-2.jpg'));
    expect(first.id).not.toBe(second.id);
    expect(store.getSnapshot().map((s) => [s.filename, s.state])).toEqual([
      ['photo-2026-11-28-0100-00-1.jpg', 'taking'],
      ['photo-2026-11-28-0100-00-2.jpg', 'taking'],
    ]);
    store.remove(first.id);
    expect(store.has(first.id)).toBe(false);
    expect(store.has(second.id)).toBe(true);
    expect(seen).toEqual([1, 2, 1]);
  });

  it('keeps a failed shot, with why, until it is dismissed; only shots being taken are unfinished', () => {
    const store = new PendingShots();
    const failing = store.add(shot());
    store.add(shot());
    store.fail(failing.id, 'The photo could not be kept for sending. Try again.');
    expect(store.getSnapshot()[0]).toMatchObject({
      state: 'failed',
      reason: 'The photo could not be kept for sending. Try again.',
    });
    expect(takingCount(store.getSnapshot())).toBe(1);
    store.remove(failing.id);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('gives a record its own shots, the tray all of them, and counts those being taken', () => {
    const store = new PendingShots();
    const forPart = renderHook(() => usePendingShots(part.record, store));
    const all = renderHook(() => usePendingShots('all', store));
    const count = renderHook(() => usePendingShotCount(store));
    const empty = forPart.result.current;
    act(() => {
      store.add(shot(step));
    });
    // Another record's shot leaves this record's list as it was (the same empty array).
    expect(forPart.result.current).toBe(empty);
    expect(all.result.current).toHaveLength(1);
    act(() => {
      store.add(shot(part));
    });
    expect(forPart.result.current.map((s) => s.target.label)).toEqual(['Part 1']);
    expect(all.result.current).toHaveLength(2);
    expect(count.result.current).toBe(2);
    act(() => store.fail(store.getSnapshot()[0]!.id, 'No.'));
    expect(count.result.current).toBe(1);
  });
});
