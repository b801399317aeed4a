/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import { SHARE_TARGET_PATH } from '../share/shareTarget.ts';
import { receiveShare, type ShareInitiator } from './receiveShare.ts';
import { acceptPackageDownload, isPackageDownload, servePackageDownload } from './packageDownload.ts';
import { createShareInbox } from '../share/shareInbox.ts';
import { DEFAULT_SHARE_BUDGET, shareBudgetFrom, type ShareBudget } from '../share/shareBudget.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// Every built asset and route chunk: each page's code is there offline, and a reload starts the app.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// An evidence package streamed to disk (for browsers without a save picker): its URL is opened as a
// navigation, so this route comes before the shell's, which would answer it with the app.
registerRoute(
  ({ url }) => isPackageDownload(url),
  ({ url }) => Promise.resolve(servePackageDownload(url)),
);

// Any page of the app opens from the cached shell; the router decides what it shows. Only same-origin
// navigations reach this worker, so the identity provider's pages are never served from here. Files
// are not pages: /config.json, /sw.js or a missing asset opened in the tab get the server's answer
// (the file, or a 404), never the app in their place.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/assets\//, /^[^?]*\/[^/?]*\.[^/?]*(\?.*)?$/],
  }),
);

// Deployment settings may change without a new build: the network's copy when there is one, the last
// one seen when offline, or when a network that accepts connections has not answered in 3 s (dead
// Wi-Fi behind a live access point would otherwise keep the installed app blank for minutes).
// GraphQL, tokens and storage match no route and always go to the network.
const CONFIG_CACHE = STORAGE_KEYS.config.name;
const CONFIG_NETWORK_TIMEOUT_SECONDS = 3;
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: CONFIG_NETWORK_TIMEOUT_SECONDS }),
);
// The first page read config.json before this worker existed: keep a copy now, so the very next
// start works offline.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CONFIG_CACHE).then((cache) => cache.add('/config.json')));
  event.waitUntil(bypassForOtherOrigins(event));
});

/** What of the static routing API (Chromium 123+: InstallEvent.addRoutes) this worker uses. */
type RoutingInstallEvent = ExtendableEvent & {
  addRoutes?(rules: { condition: { not: { urlPattern: unknown } }; source: 'network' }): Promise<void>;
};

/**
 * Requests to other origins (the API, the identity provider, file storage) never need this worker:
 * every route above is the app's own origin. Declared at install, the browser sends them straight to
 * the network without waking the worker or passing each one through its fetch handler, which only let
 * them through (each file's ticket, PUT and registration, and every other API request, made that round
 * trip). The benchmark cannot show the gain apart from its noise (bench/LOG.md, issue 40, 2026-11-30).
 * Browsers without the API, or an older form of it, keep the fetch handler, which lets them through.
 */
async function bypassForOtherOrigins(event: RoutingInstallEvent): Promise<void> {
  const URLPatternClass = (self as { URLPattern?: new (init: Record<string, string>) => unknown }).URLPattern;
  if (!event.addRoutes || !URLPatternClass) return;
  const here = self.location;
  const ownOrigin = new URLPatternClass({
    protocol: here.protocol.replace(/:$/, ''),
    hostname: here.hostname,
    port: here.port,
  });
  try {
    await event.addRoutes({ condition: { not: { urlPattern: ownOrigin } }, source: 'network' });
  } catch {
    // A browser that knows addRoutes but not this rule: the fetch handler lets these requests through.
  }
}

/** The page that started a navigation (Chromium names it in clientId): another origin's is not ours to see. */
async function initiatorOf(event: ExtendableEvent | undefined): Promise<ShareInitiator> {
  const clientId = (event as FetchEvent | undefined)?.clientId;
  if (!clientId) return 'none';
  return (await self.clients.get(clientId)) ? 'ours' : 'foreign';
}

/**
 * The share inbox's budget as config.json sets it: the copy the app last loaded (a share arrives with
 * or without a network), else the network's, else the defaults.
 */
async function shareBudget(): Promise<ShareBudget> {
  try {
    const response =
      (await caches.match('/config.json', { cacheName: CONFIG_CACHE })) ?? (await fetch('/config.json'));
    return shareBudgetFrom(await response.json());
  } catch {
    return DEFAULT_SHARE_BUDGET;
  }
}

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH,
  async ({ request, event }) =>
    receiveShare(request, await initiatorOf(event), createShareInbox({ budget: await shareBudget() })),
  'POST',
);

// A new version waits until the technician chooses to reload (see useServiceWorkerUpdate).
self.addEventListener('message', (event) => {
  if (acceptPackageDownload(event)) return;
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes the open page at once, so its later route chunks already come from the cache.
clientsClaim();
