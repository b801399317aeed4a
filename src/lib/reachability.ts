import { backoffDelay, type BackoffOptions } from './backoff.ts';

/**
 * What the app can do with the network right now:
 * - `online`: the API answers (or nothing has said otherwise yet);
 * - `offline`: the browser itself says there is no network;
 * - `unreachable`: the browser says online, but a request to the API failed or timed out ("lie-fi":
 *   Wi-Fi that carries no traffic to the server). The app behaves as offline until the API answers.
 */
export type ReachabilityState = 'online' | 'offline' | 'unreachable';

/** Whether the API answers at all (any HTTP answer counts); false when it did not or took too long. */
export type ReachabilityProbe = (signal: AbortSignal) => Promise<boolean>;

export interface ReachabilityOptions {
  /** The browser's own belief (navigator.onLine); false means certainly offline. */
  deviceOnline?: () => boolean;
  /** Asked while unreachable, with backoff; none: only a request that succeeds ends it. */
  probe?: ReachabilityProbe | null;
  /** Waits between checks while unreachable (before jitter). */
  backoff?: BackoffOptions;
  random?: () => number;
}

/** A floor of tablets coming back checks within 2 s, then less and less often, at most every 30 s. */
export const REACHABILITY_BACKOFF: BackoffOptions = { baseMs: 2_000, maxMs: 30_000 };

/**
 * The one source of truth about the network (issue 35): fed by every request to the API (the Apollo
 * link's fetch, so the upload pipeline's calls too) and by the browser's online/offline events. Pages,
 * lists, the header and the upload queue all read it. While the API is unreachable it checks again
 * with backoff, and at once when the browser comes back online, the window gets focus or the page is
 * shown again. Plain TypeScript; views subscribe (useSyncExternalStore).
 */
export class Reachability {
  private unreachable = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private probing: AbortController | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly deviceOnline: () => boolean;
  private probe: ReachabilityProbe | null;
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;

  constructor(options: ReachabilityOptions = {}) {
    this.deviceOnline =
      options.deviceOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.probe = options.probe ?? null;
    this.backoff = options.backoff ?? REACHABILITY_BACKOFF;
    this.random = options.random ?? Math.random;
  }

  /** Sets how the API is checked (known once the configuration is loaded). */
  setProbe(probe: ReachabilityProbe | null): void {
    this.probe = probe;
    if (this.unreachable) this.schedule();
  }

  state = (): ReachabilityState => {
    if (!this.deviceOnline()) return 'offline';
    return this.unreachable ? 'unreachable' : 'online';
  };

  /** Whether requests to the API are worth making now. */
  isReachable = (): boolean => this.state() === 'online';

  /** The API answered a request (any HTTP status): it is reachable. */
  noteAnswered(): void {
    this.attempt = 0;
    this.cancelCheck();
    if (!this.unreachable) return;
    this.unreachable = false;
    this.changed();
  }

  /** A request to the API got no answer (network failure, or it timed out). */
  noteUnanswered(): void {
    // Offline, the browser's word is the whole truth: nothing to check until it is back online.
    if (!this.deviceOnline()) return;
    if (!this.unreachable) {
      this.unreachable = true;
      this.attempt = 0;
      this.changed();
    }
    this.schedule();
  }

  /** Checks at once, if unreachable (the network came back, the window got focus, the page was shown). */
  checkNow = (): void => {
    if (!this.unreachable || !this.deviceOnline() || this.probing) return;
    this.cancelCheck();
    void this.runProbe();
  };

  /** Resolves once the API is reachable (at once when it is); rejects with the signal's reason. */
  whenReachable(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      if (this.isReachable()) return resolve();
      const onAbort = () => {
        stop();
        reject(signal.reason);
      };
      const stop = this.subscribe(() => {
        if (!this.isReachable()) return;
        stop();
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Listens to the browser's signals; returns how to stop. */
  attach(target: Window, doc: Document): () => void {
    const onOnline = () => {
      this.changed();
      this.checkNow();
    };
    const onOffline = () => {
      // Offline supersedes lie-fi: back online, the network is trusted until a request says otherwise.
      this.unreachable = false;
      this.cancelCheck();
      this.changed();
    };
    const onVisible = () => {
      if (doc.visibilityState === 'visible') this.checkNow();
    };
    target.addEventListener('online', onOnline);
    target.addEventListener('offline', onOffline);
    target.addEventListener('focus', this.checkNow);
    doc.addEventListener('visibilitychange', onVisible);
    return () => {
      target.removeEventListener('online', onOnline);
      target.removeEventListener('offline', onOffline);
      target.removeEventListener('focus', this.checkNow);
      doc.removeEventListener('visibilitychange', onVisible);
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.listeners.forEach((listener) => listener());
  }

  private schedule(): void {
    if (this.timer !== null || this.probing || !this.probe) return;
    const delay = backoffDelay(++this.attempt, this.backoff, this.random);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runProbe();
    }, delay);
  }

  private cancelCheck(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async runProbe(): Promise<void> {
    const probe = this.probe;
    if (!probe || !this.unreachable) return;
    const controller = new AbortController();
    this.probing = controller;
    let answered: boolean;
    try {
      answered = await probe(controller.signal);
    } catch {
      answered = false;
    } finally {
      this.probing = null;
    }
    if (controller.signal.aborted) return;
    if (answered) this.noteAnswered();
    else if (this.unreachable) this.schedule();
  }
}

/** The app's one store (a page has one network); attached to the browser when the app starts. */
export const reachability = new Reachability();

/** How long a request to the API may take before it counts as unanswered (configurable: `apiTimeoutMs`). */
export const DEFAULT_API_TIMEOUT_MS = 15_000;

/**
 * `fetchImpl` for the API that tells `store` whether each request was answered, and gives up on one
 * that hangs after `timeoutMs()` (a dead access point can hold a request open for minutes). A request
 * that timed out fails as a network failure does (a TypeError), so every caller treats it as one.
 */
export function reachabilityFetch(
  fetchImpl: typeof fetch,
  store: Pick<Reachability, 'noteAnswered' | 'noteUnanswered'>,
  timeoutMs: () => number,
): typeof fetch {
  return async (input, init) => {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs());
    const callerSignal = init?.signal ?? null;
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
    try {
      const response = await fetchImpl(input, { ...init, signal });
      store.noteAnswered();
      return response;
    } catch (error) {
      // Cancelled by its caller: says nothing about the network.
      if (callerSignal?.aborted) throw error;
      if (timeout.signal.aborted) {
        store.noteUnanswered();
        throw new TypeError('The server did not answer in time.', { cause: error });
      }
      if (error instanceof TypeError) store.noteUnanswered();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Asks `url` whether anything answers there: an opaque (no-cors) GET, so any HTTP answer counts and no
 * CORS preflight or sign-in is needed; false on a network failure or after `timeoutMs()`.
 */
export function urlProbe(
  url: string,
  timeoutMs: () => number,
  fetchImpl: typeof fetch = fetch,
): ReachabilityProbe {
  return async (signal) => {
    const timeout = AbortSignal.timeout(timeoutMs());
    try {
      await fetchImpl(url, {
        method: 'GET',
        mode: 'no-cors',
        cache: 'no-store',
        credentials: 'omit',
        signal: AbortSignal.any([signal, timeout]),
      });
      return true;
    } catch {
      return false;
    }
  };
}
