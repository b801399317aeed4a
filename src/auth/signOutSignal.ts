import { STORAGE_KEYS } from '../lib/storageKeys.ts';

/** The device's sign-outs, as a generation: a new value each time someone signs out on this device. */
const GENERATION = STORAGE_KEYS.signOutGeneration.name;
/** Which generation this tab's user signed in under (per tab, like the user). */
const TAB_GENERATION = STORAGE_KEYS.signedInUnder.name;
const CHANNEL = 'floor-attach:sign-out';
/** What a tab without any sign-out on the device records: no generation yet. */
const NONE = 'none';

/**
 * How the tabs of the app on one device learn of a sign-out at once. Tabs do not share
 * sessionStorage (where each keeps its user), so a sign-out in one leaves the others signed in unless
 * they are told: a BroadcastChannel message, and the `storage` event of the device-wide generation in
 * localStorage as a fallback (both say the same; each generation is acted on once). The generation
 * holds no secret: a time and a random part. A tab that starts later, or comes back from the
 * back-forward cache or from being frozen, compares it with the one its user signed in under.
 */
export interface SignOutSignal {
  /** Tells every other tab of this app on the device that a sign-out happened. */
  announce(): void;
  /** Whether this tab's user signed in before the device's last sign-out (or never said when). */
  isStale(): boolean;
  /** Records that this tab's user signed in now, under the device's current generation. */
  signedInNow(): void;
  /** Called once per sign-out made in another tab (or missed while this page was asleep). */
  subscribe(listener: () => void): () => void;
}

export interface SignOutSignalDeps {
  localStorage: Storage;
  sessionStorage: Storage;
  /** Where `storage` and `pageshow` are heard: the window. */
  events: Pick<EventTarget, 'addEventListener'>;
  /** Where `visibilitychange` is heard: the document. */
  document: Pick<EventTarget, 'addEventListener'>;
  /** The channel to the other tabs; null where BroadcastChannel does not exist. */
  channel: (Pick<EventTarget, 'addEventListener'> & { postMessage(message: string): void }) | null;
  random?: () => string;
  now?: () => number;
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Without storage a later tab cannot check; the open tabs still hear the channel.
  }
}

export function createSignOutSignal(deps: SignOutSignalDeps): SignOutSignal {
  const listeners = new Set<() => void>();
  const random = deps.random ?? (() => Math.random().toString(36).slice(2));
  const now = deps.now ?? Date.now;
  const current = () => read(deps.localStorage, GENERATION) ?? NONE;
  /** The generation this page has seen last (its own sign-outs included): each is acted on once. */
  let seen = current();

  const tabGeneration = () => read(deps.sessionStorage, TAB_GENERATION);
  // A user stored before tabs recorded this counts as signed in under no generation.
  const isStale = () => (tabGeneration() ?? NONE) !== current();
  const check = () => {
    const generation = current();
    if (generation === seen) return;
    seen = generation;
    // A tab signed in after that sign-out (its generation is the new one) is not told to end.
    if (tabGeneration() === generation) return;
    listeners.forEach((listener) => listener());
  };

  deps.channel?.addEventListener('message', check);
  deps.events.addEventListener('storage', (event: Event) => {
    const key = (event as StorageEvent).key;
    if (key === GENERATION || key === null) check();
  });
  // Back from the back-forward cache, or woken after being frozen: events may have been missed.
  deps.events.addEventListener('pageshow', check);
  deps.document.addEventListener('visibilitychange', check);

  return {
    announce() {
      const generation = `${now()}.${random()}`;
      seen = generation;
      write(deps.localStorage, GENERATION, generation);
      try {
        deps.channel?.postMessage(generation);
      } catch {
        // The storage event still tells the other tabs.
      }
    },
    isStale,
    signedInNow() {
      seen = current();
      write(deps.sessionStorage, TAB_GENERATION, seen);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's signal: this window, its storages and a BroadcastChannel where there is one. */
export function browserSignOutSignal(): SignOutSignal {
  return createSignOutSignal({
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    events: window,
    document,
    channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null,
  });
}
