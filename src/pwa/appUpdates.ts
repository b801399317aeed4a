/**
 * A new version of the app, waiting to take over. The service worker installs it in the background;
 * it only takes over (and the page reloads) when the technician says so.
 */
export interface AppUpdates {
  isReady(): boolean;
  subscribe(listener: () => void): () => void;
  /** Activates the waiting version and reloads the page into it. */
  apply(): Promise<void>;
}

/** What the registration (vite-plugin-pwa's registerSW) offers: a callback and the function that applies. */
export interface UpdateSource {
  /** Registers the worker; `onReady` runs when a new version waits. Returns the function that applies it. */
  register(onReady: () => void): () => Promise<void>;
}

export function createAppUpdates(source: UpdateSource): AppUpdates {
  let ready = false;
  const listeners = new Set<() => void>();
  const applyUpdate = source.register(() => {
    ready = true;
    listeners.forEach((listener) => listener());
  });
  return {
    isReady: () => ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply: () => applyUpdate(),
  };
}

/** For pages and tests without a service worker: no update ever waits. */
export const noAppUpdates: AppUpdates = {
  isReady: () => false,
  subscribe: () => () => undefined,
  apply: async () => undefined,
};
