import { registerSW } from 'virtual:pwa-register';
import { createAppUpdates, type AppUpdates } from './appUpdates.ts';
import { webLocksTabs } from './tabsMovingFiles.ts';

/** How often an open tablet asks whether a new version was deployed (it also asks when shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (built by vite-plugin-pwa; the Vite dev server has none, and then
 * this does nothing) and reports new versions instead of applying them.
 */
export function registerAppServiceWorker(): AppUpdates {
  return createAppUpdates(
    {
      register: ({ onReady, onTakenOver }) => {
        const startWaiting = registerSW({
          immediate: true,
          onNeedRefresh: onReady,
          // Without this, vite-plugin-pwa reloads every tab the new version takes, mid-upload or not;
          // the page reloads below, once its files are sent.
          onNeedReload: () => undefined,
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
        // A new version took control of this page, started by this tab or another. workbox-window
        // tells only of updates it found itself, not those found by registration.update() later. The
        // first install's worker taking an uncontrolled page (clientsClaim) is no new version.
        const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
        let controlled = !!workers?.controller;
        workers?.addEventListener('controllerchange', () => {
          if (controlled) onTakenOver();
          controlled = true;
        });
        return startWaiting;
      },
    },
    webLocksTabs(),
  );
}
