import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createOidcAuthSession, createUserManager } from '../auth/oidcSession';
import { fetchAppConfig } from '../config/appConfig';
import { ConfigErrorPage } from '../config/ConfigErrorPage';
import { createAppServices } from './appServices';
import { AppProviders, UiProviders } from './AppProviders';
import { createAppRouter } from './router';

/**
 * The composition root: loads the runtime configuration, restores the session, builds the GraphQL
 * client and the upload queue, and renders the app with them (or a clear error page).
 */
export async function startApp(root: Root, fetchImpl: typeof fetch = fetch): Promise<void> {
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
  const session = await createOidcAuthSession(createUserManager(config));
  const services = createAppServices(config, session);
  // Resumes what an earlier page left unfinished.
  void services.uploads.restore();
  const router = createAppRouter({ auth: session, apolloClient: services.client });
  root.render(
    <StrictMode>
      <AppProviders services={services}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
