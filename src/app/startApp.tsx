import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createOidcAuthSession, createUserManager } from '../auth/oidcSession';
import { setActiveAuthSession } from '../auth/tokens';
import { fetchAppConfig, setAppConfig } from '../config/appConfig';
import { ConfigErrorPage } from '../config/ConfigErrorPage';
import { apolloClient } from '../graphql/client';
import { noAppUpdates, type AppUpdates } from '../pwa/appUpdates';
import { AppUpdatesProvider } from '../pwa/appUpdatesContext';
import { launchDestination } from '../pwa/lastPage';
import { takeSignOutPage } from '../auth/signOutReturn';
import { AppProviders, UiProviders } from './AppProviders';
import { createAppRouter } from './router';

/** Loads the runtime configuration, restores the session and renders the app (or a clear error page). */
export async function startApp(
  root: Root,
  fetchImpl: typeof fetch = fetch,
  updates: AppUpdates = noAppUpdates,
): Promise<void> {
  // Opened from the home-screen icon, or back from the provider's "Stay signed in": to the page the
  // technician had open.
  const url = new URL(window.location.href);
  const destination = launchDestination(url) ?? takeSignOutPage(url);
  if (destination) window.history.replaceState(null, '', destination);

  let config;
  try {
    config = await fetchAppConfig('/config.json', fetchImpl);
  } catch (error) {
    root.render(
      <UiProviders>
        <ConfigErrorPage error={error} />
      </UiProviders>,
    );
    return;
  }
  setAppConfig(config);
  const session = await createOidcAuthSession(createUserManager(config));
  setActiveAuthSession(session);
  const router = createAppRouter({ auth: session, apolloClient });
  root.render(
    <StrictMode>
      <AppProviders session={session} client={apolloClient}>
        <AppUpdatesProvider updates={updates}>
          <RouterProvider router={router} />
        </AppUpdatesProvider>
      </AppProviders>
    </StrictMode>,
  );
}
