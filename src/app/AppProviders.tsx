import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ApolloProvider } from '@apollo/client/react';
import { AuthProvider } from '../auth/AuthContext';
import { ConfigProvider } from '../config/ConfigContext';
import { UploadQueueProvider } from '../components/upload/uploadQueueContext';
import type { AppServices } from './appServices';
import { cssVariablesResolver, theme } from './theme';

/** Visual providers only: used for the configuration error page, before any session exists. */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      {children}
    </MantineProvider>
  );
}

/** Everything a page needs around it: theme, notifications and the services built by the composition root. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <UiProviders>
      <ConfigProvider config={services.config}>
        <ApolloProvider client={services.client}>
          <AuthProvider session={services.session} signOut={services.signOut}>
            <UploadQueueProvider queue={services.uploads}>{children}</UploadQueueProvider>
          </AuthProvider>
        </ApolloProvider>
      </ConfigProvider>
    </UiProviders>
  );
}
