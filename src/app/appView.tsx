import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { ConfigErrorPage } from '../pages/-components/ConfigErrorPage.tsx';
import type { AppUpdates } from '../pwa/appUpdates.ts';
import { AppUpdatesProvider } from '../pwa/appUpdatesContext.tsx';
import type { WedgeScanner } from '../scanner/wedgeScanner.ts';
import type { LanguageChoice } from '../i18n/index.ts';
import { AppProviders, UiProviders } from './AppProviders.tsx';
import type { AppServices } from './appServices.ts';
import { createAppRouter } from './router.tsx';

/**
 * What startApp renders: the screens, loaded beside the configuration rather than in the entry (the
 * theme, the words and the routes are not needed to listen for a scanner or to fetch config.json).
 */
export function renderApp(
  root: Root,
  { services, scanner, updates }: { services: AppServices; scanner: WedgeScanner; updates: AppUpdates },
): void {
  const router = createAppRouter({ auth: services.session, apolloClient: services.client });
  root.render(
    <StrictMode>
      <AppProviders services={services} scanner={scanner}>
        <AppUpdatesProvider updates={updates}>
          <RouterProvider router={router} />
        </AppUpdatesProvider>
      </AppProviders>
    </StrictMode>,
  );
}

/** The configuration could not be loaded or is invalid: say so, in the browser's language. */
export function renderConfigError(root: Root, error: unknown, languages: LanguageChoice): void {
  root.render(
    <UiProviders languages={languages}>
      <ConfigErrorPage error={error} />
    </UiProviders>,
  );
}
