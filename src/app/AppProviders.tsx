import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ApolloProvider } from '@apollo/client/react';
import { AuthProvider } from '../auth/AuthContext.tsx';
import { ConfigProvider } from '../config/ConfigContext.tsx';
import { UploadQueueProvider } from '../upload/uploadQueueContext.tsx';
import { KeptRecordsProvider } from '../graphql/keptRecordsContext.tsx';
import { PinnedRecordsProvider } from '../pins/pinnedRecordsContext.tsx';
import type { AppServices } from './appServices.ts';
import { ScannerProvider } from '../scanner/scannerContext.tsx';
import { ShareInboxProvider } from '../share/shareInboxContext.tsx';
import type { WedgeScanner } from '../scanner/wedgeScanner.ts';
import { cssVariablesResolver, themeIn } from './theme.ts';
import { LanguageChoice, LocaleProvider } from '../i18n/index.ts';
import classes from './AppProviders.module.css';
import { useNoticesHeld } from '../components/heldNotices.ts';

/** English whatever the browser says: what tests render with when they choose no language. */
const ENGLISH = new LanguageChoice(null, () => ['en']);

/** Mantine with its own words (the × of dialogs) in the language in force. */
function ThemeProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const theme = useMemo(() => themeIn(intl), [intl]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

/**
 * Visual providers only (theme, notifications, language): used for the configuration error page,
 * before any session exists, and around every component in tests.
 */
export function UiProviders({
  languages = ENGLISH,
  children,
}: {
  languages?: LanguageChoice;
  children: ReactNode;
}) {
  // Unmounted while held (the camera is open): the notices wait in the store and show afterwards.
  // Shown and taken away without sliding: Mantine's transition animates each notice's max-height as it
  // leaves, a layout and a paint at every frame, and a technician attaching photo after photo met the
  // last one's leaving during the next upload. At CPU 4x, the main thread's time in the 1.5 s after a
  // notice shows 104 → 24 ms, and around its leaving 120 → 47 ms (an idle 1.5 s: 21; bench/LOG.md).
  const held = useNoticesHeld();
  return (
    <LocaleProvider choice={languages}>
      <ThemeProvider>
        {!held && (
          <Notifications
            position="bottom-right"
            transitionDuration={0}
            classNames={{ root: classes.notifications }}
          />
        )}
        {children}
      </ThemeProvider>
    </LocaleProvider>
  );
}

/**
 * Everything a page needs around it: theme, notifications, the services built by the composition
 * root, and the barcode scanner (listening since before those existed).
 */
export function AppProviders({
  services,
  scanner,
  children,
}: {
  services: AppServices;
  scanner: WedgeScanner;
  children: ReactNode;
}) {
  return (
    <UiProviders languages={services.languages}>
      <ConfigProvider config={services.config}>
        <ApolloProvider client={services.client}>
          <KeptRecordsProvider kept={services.keptRecords ?? null}>
            <AuthProvider session={services.session} signOut={services.signOut}>
              <UploadQueueProvider queue={services.uploads}>
                <ShareInboxProvider inbox={services.shareInbox}>
                  <PinnedRecordsProvider pinned={services.pinned ?? null}>
                    <ScannerProvider scanner={scanner}>{children}</ScannerProvider>
                  </PinnedRecordsProvider>
                </ShareInboxProvider>
              </UploadQueueProvider>
            </AuthProvider>
          </KeptRecordsProvider>
        </ApolloProvider>
      </ConfigProvider>
    </UiProviders>
  );
}
