import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useRefreshWhileOpen } from './useRefreshWhileOpen.ts';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('refreshing an open record', () => {
  it('asks nothing while paused', async () => {
    const refresh = vi.fn(async () => undefined);
    const { rerender } = renderHook(
      ({ paused }) => useRefreshWhileOpen(refresh, { everyMs: 1_000, paused }),
      {
        initialProps: { paused: true },
      },
    );
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await act(async () => window.dispatchEvent(new Event('focus')));
    expect(refresh).not.toHaveBeenCalled();
    rerender({ paused: false });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('asks a pause given as a function at each refresh, without rendering again', async () => {
    const refresh = vi.fn(async () => undefined);
    let busy = true;
    renderHook(() => useRefreshWhileOpen(refresh, { everyMs: 1_000, paused: () => busy }));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(refresh).not.toHaveBeenCalled();
    busy = false;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  beforeEach(() => {
    vi.useFakeTimers();
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('asks again at each interval and when the window regains focus, never while hidden', async () => {
    const refresh = vi.fn(async () => undefined);
    renderHook(() => useRefreshWhileOpen(refresh, { everyMs: 1_000 }));
    expect(refresh).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(refresh).toHaveBeenCalledTimes(1);

    await act(async () => window.dispatchEvent(new Event('focus')));
    expect(refresh).toHaveBeenCalledTimes(2);

    await act(async () => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(refresh).toHaveBeenCalledTimes(2);

    // Shown again: at once, not at the next tick.
    await act(async () => setVisibility('visible'));
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('reports a failed refresh until one succeeds', async () => {
    const failure = new Error('offline');
    const refresh = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValue(undefined);
    const { result } = renderHook(() => useRefreshWhileOpen(refresh, { everyMs: 1_000 }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toBe(failure);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toBeNull();
  });

  it('does not start a second request while one is still out', async () => {
    let finish: () => void = () => {};
    const refresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderHook(() => useRefreshWhileOpen(refresh, { everyMs: 1_000 }));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(refresh).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
