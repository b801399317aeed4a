import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Reachability, reachabilityFetch, urlProbe } from './reachability.ts';

/** A store with a probe whose answers the test gives, and the clock times it was asked at. */
function storeWith(answers: boolean[], deviceOnline = () => true) {
  const askedAt: number[] = [];
  const store = new Reachability({
    deviceOnline,
    // The top of each backoff window: the delays are exact.
    random: () => 1,
    backoff: { baseMs: 2_000, maxMs: 30_000 },
    probe: async () => {
      askedAt.push(Date.now());
      return answers.shift() ?? false;
    },
  });
  return { store, askedAt };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the reachability store', () => {
  it('is online until a request goes unanswered, then unreachable, and tells its subscribers', () => {
    const { store } = storeWith([]);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.state()));
    expect(store.state()).toBe('online');
    expect(store.isReachable()).toBe(true);
    store.noteUnanswered();
    expect(store.state()).toBe('unreachable');
    expect(store.isReachable()).toBe(false);
    store.noteUnanswered();
    store.noteAnswered();
    expect(store.state()).toBe('online');
    expect(seen).toEqual(['unreachable', 'online']);
  });

  it('says offline when the browser does, and takes no failure for lie-fi then', () => {
    let online = false;
    const { store, askedAt } = storeWith([], () => online);
    store.noteUnanswered();
    expect(store.state()).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(askedAt).toEqual([]);
    online = true;
    expect(store.state()).toBe('online');
  });

  it('checks again with backoff while unreachable (2 s, 4 s, 8 s, 16 s, then every 30 s at most)', async () => {
    const { store, askedAt } = storeWith([false, false, false, false, false, false, true]);
    store.noteUnanswered();
    await vi.advanceTimersByTimeAsync(200_000);
    const waits = askedAt.map((at, i) => at - (askedAt[i - 1] ?? 0));
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(store.state()).toBe('online');
    // Reachable: nothing more is asked.
    expect(askedAt).toHaveLength(7);
  });

  it('starts the backoff over after the server answered', async () => {
    const { store, askedAt } = storeWith([false, true, false, true]);
    store.noteUnanswered();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(store.state()).toBe('online');
    store.noteUnanswered();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(askedAt).toEqual([2_000, 6_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(askedAt).toEqual([2_000, 6_000, 8_000]);
  });

  it('checks at once when the browser comes back online, the window gets focus or the page is shown', async () => {
    const { store, askedAt } = storeWith([false, false, false, true]);
    const stop = store.attach(window, document);
    store.noteUnanswered();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(askedAt).toEqual([0, 0, 0]);
    expect(store.state()).toBe('unreachable');
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.state()).toBe('online');
    stop();
  });

  it('asks nothing at focus while the server answers', async () => {
    const { store, askedAt } = storeWith([]);
    const stop = store.attach(window, document);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(askedAt).toEqual([]);
    stop();
  });

  it('forgets lie-fi when the browser goes offline: back online, the network is trusted again', () => {
    const { store } = storeWith([]);
    const stop = store.attach(window, document);
    store.noteUnanswered();
    window.dispatchEvent(new Event('offline'));
    expect(store.state()).toBe('online');
    stop();
  });

  it('resolves whenReachable once the server answers, and rejects it when the wait is given up', async () => {
    const { store } = storeWith([false, true]);
    await expect(store.whenReachable(new AbortController().signal)).resolves.toBeUndefined();
    store.noteUnanswered();
    let reached = false;
    void store.whenReachable(new AbortController().signal).then(() => (reached = true));
    const given = new AbortController();
    const givenUp = store.whenReachable(given.signal);
    given.abort(new Error('cancelled'));
    await expect(givenUp).rejects.toThrow('cancelled');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reached).toBe(false);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(reached).toBe(true);
  });
});

describe('the API fetch that feeds it', () => {
  const notes = () => {
    const seen: string[] = [];
    return {
      seen,
      store: { noteAnswered: () => seen.push('answered'), noteUnanswered: () => seen.push('unanswered') },
    };
  };

  it('notes an answer (any status) as reachable', async () => {
    const { seen, store } = notes();
    const fetchImpl = reachabilityFetch(
      async () => new Response('no', { status: 503 }),
      store,
      () => 1_000,
    );
    expect((await fetchImpl('/graphql')).status).toBe(503);
    expect(seen).toEqual(['answered']);
  });

  it('notes a network failure as unreachable and passes it on', async () => {
    const { seen, store } = notes();
    const fetchImpl = reachabilityFetch(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      store,
      () => 1_000,
    );
    await expect(fetchImpl('/graphql')).rejects.toThrow(TypeError);
    expect(seen).toEqual(['unanswered']);
  });

  it('gives up on a request that hangs after the time-out, as a network failure', async () => {
    const { seen, store } = notes();
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const fetchImpl = reachabilityFetch(hanging, store, () => 15_000);
    const request = fetchImpl('/graphql', {});
    const failed = expect(request).rejects.toThrow(new TypeError('The server did not answer in time.'));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(seen).toEqual(['unanswered']);
  });

  it('says nothing of the network when its caller cancels the request', async () => {
    const { seen, store } = notes();
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    const caller = new AbortController();
    const request = reachabilityFetch(hanging, store, () => 15_000)('/graphql', { signal: caller.signal });
    caller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([]);
  });

  it('probes with an opaque GET: answered is true, a failure or a hang false', async () => {
    const asked: RequestInit[] = [];
    const answering = urlProbe(
      'https://api.example/graphql',
      () => 5_000,
      async (_url, init) => {
        asked.push(init!);
        return new Response(null, { status: 200 });
      },
    );
    expect(await answering(new AbortController().signal)).toBe(true);
    expect(asked[0]).toMatchObject({
      method: 'GET',
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
    });
    const failing = urlProbe(
      'https://api.example/graphql',
      () => 5_000,
      async () => {
        throw new TypeError('Failed to fetch');
      },
    );
    expect(await failing(new AbortController().signal)).toBe(false);
  });
});
