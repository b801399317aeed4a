import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createOidcAuthSession, createUserManager } from '../auth/oidcSession';
import { setActiveAuthSession } from '../auth/tokens';
import { fetchAppConfig, setAppConfig } from '../config/appConfig';
import { ConfigErrorPage } from '../config/ConfigErrorPage';
import { apolloClient } from '../graphql/client';
import { WedgeScanner } from '../components/scan/wedgeScanner';
import { AppProviders, UiProviders } from './AppProviders';
import { createAppRouter } from './router';

/** Loads the runtime configuration, restores the session and renders the app (or a clear error page). */
export async function startApp(root: Root, fetchImpl: typeof fetch = fetch): Promise<void> {
  // Listening before anything loads: a label scanned while the page starts still opens its record.
  const scanner = new WedgeScanner();
  scanner.attach(window);
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
      <AppProviders session={session} client={apolloClient} scanner={scanner}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
