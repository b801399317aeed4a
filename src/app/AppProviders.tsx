import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { AuthProvider } from '../auth/AuthContext';
import type { AuthSession } from '../auth/authSession';
import { ScannerProvider } from '../components/scan/scannerContext';
import type { WedgeScanner } from '../components/scan/wedgeScanner';
import { cssVariablesResolver, theme } from './theme';

/** Visual providers only: used for the configuration error page, before any session exists. */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}

/**
 * Everything a page needs around it: theme, notifications, GraphQL client, the auth session and the
 * barcode scanner.
 */
export function AppProviders({
  session,
  client,
  scanner,
  children,
}: {
  session: AuthSession;
  client: ApolloClient;
  scanner: WedgeScanner;
  children: ReactNode;
}) {
  return (
    <UiProviders>
      <ApolloProvider client={client}>
        <AuthProvider session={session}>
          <ScannerProvider scanner={scanner}>{children}</ScannerProvider>
        </AuthProvider>
      </ApolloProvider>
    </UiProviders>
  );
}
