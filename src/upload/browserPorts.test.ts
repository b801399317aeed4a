import { describe, expect, it, vi } from 'vitest';
import { browserClock, browserConnectivity, pollingSessionGate } from './browserPorts.ts';

describe('browser ports', () => {
  it('sleep ends early, rejecting, when the upload is cancelled', async () => {
    const controller = new AbortController();
    const slept = browserClock.sleep(60_000, controller.signal);
    controller.abort();
    await expect(slept).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('whenOnline resolves on the browser’s online event', async () => {
    let resolved = false;
    const waiting = browserConnectivity.whenOnline(new AbortController().signal).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    window.dispatchEvent(new Event('online'));
    await waiting;
    expect(resolved).toBe(true);
  });

  it('the session gate opens once a token is available again', async () => {
    vi.useFakeTimers();
    try {
      const getAccessToken = vi
        .fn<() => Promise<string | null>>()
        .mockResolvedValueOnce(null)
        .mockResolvedValue('t');
      const opened = pollingSessionGate(getAccessToken, 1_000).whenSignedIn(new AbortController().signal);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(getAccessToken).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_000);
      await opened;
      expect(getAccessToken).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
