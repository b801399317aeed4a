import { registerSW } from 'virtual:pwa-register';
import { createAppUpdates, type AppUpdates } from './appUpdates.ts';

/** How often an open tablet asks whether a new version was deployed (it also asks when shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (built by vite-plugin-pwa; the Vite dev server has none, and then
 * this does nothing) and reports new versions instead of applying them.
 */
export function registerAppServiceWorker(): AppUpdates {
  return createAppUpdates({
    register: (onReady) => {
      const activateWaiting = registerSW({
        immediate: true,
        onNeedRefresh: onReady,
        onRegisteredSW(_url, registration) {
          if (!registration) return;
          const check = () => {
            if (navigator.onLine) void registration.update().catch(() => undefined);
          };
          setInterval(check, UPDATE_CHECK_MS);
          document.addEventListener('visibilitychange', () => {
            if (document.visibilityState === 'visible') check();
          });
        },
      });
      // Reload once the new version controls the page. workbox-window reloads only for updates it
      // found itself, not for those found by registration.update() at a later check.
      return async () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
          once: true,
        });
        await activateWaiting();
      };
    },
  });
}
