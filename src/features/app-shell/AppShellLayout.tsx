import { AppShell, Badge, Button, Group, Text } from '@mantine/core';
import { IconBarcode, IconList, IconListCheck } from '@tabler/icons-react';
import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useApolloClient } from '@apollo/client/react';
import { useAppConfig } from '../../config/ConfigContext.tsx';
import { ColorSchemeToggle } from './ColorSchemeToggle.tsx';
import { SessionEndedBanner } from './SessionEndedBanner.tsx';
import { UserMenu } from './UserMenu.tsx';
import { UploadTray, LeftByOthersNotice, InterruptedRecordingsNotice } from '../upload/index.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { useOpenByIdShortcut } from '../open-by-id/index.ts';
import { useShellResilience } from '../../pwa/useShellResilience.ts';
import { NetworkIndicator } from './NetworkIndicator.tsx';
import { UpdateNotice } from './UpdateNotice.tsx';
import { SignOutDialog } from './SignOutDialog.tsx';
import { useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { ScansOpenRecords, ScanButton } from '../open-by-id/index.ts';

import classes from './AppShellLayout.module.css';
import { NoticeRoom } from './NoticeRoom.tsx';
import { PAGE_END_ROOM } from './useNoticeRoom.ts';

/** The product's name: never translated. */
const PRODUCT_NAME = 'Floor Attach';

const NAV_LABELS = defineMessages({
  openById: {
    defaultMessage: 'Open by id',
    id: 'uTHwkD',
    description: 'Navigation: the start page, opening a record by its id',
  },
  parts: { defaultMessage: 'Parts', id: '/U+BC8', description: 'Navigation: the list of parts' },
  runs: {
    defaultMessage: 'Runs',
    id: 'ZSR4Fd',
    description: 'Navigation: the list of production runs (the records)',
  },
});

const NAV_ITEMS = [
  { to: '/', label: NAV_LABELS.openById, icon: IconBarcode, exact: true },
  { to: '/parts', label: NAV_LABELS.parts, icon: IconList, exact: false },
  { to: '/runs', label: NAV_LABELS.runs, icon: IconListCheck, exact: false },
] as const;

function isActive(pathname: string, to: string, exact: boolean): boolean {
  return exact ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The navigation item the page is under, or none (a record's page). The shell follows this, not the
 * whole location: moving from one record to another (a label scanned on a record) leaves the header,
 * the drawer and the tray as they are, where following the location re-rendered them all in front
 * of the next record (122 ms of a scan's 168 ms on the tablet profile, bench/LOG.md).
 */
function useActiveSection(): string | undefined {
  return useRouterState({
    select: (state) => NAV_ITEMS.find(({ to, exact }) => isActive(state.location.pathname, to, exact))?.to,
  });
}

/** What keeps the shell useful through a dead zone, following the page on its own (see useShellResilience). */
function ShellResilience() {
  const page = useRouterState({ select: (state) => state.location.href });
  useShellResilience(useApolloClient(), page, useUploadQueue());
  return null;
}

function EnvironmentBadge() {
  const intl = useIntl();
  const { environment } = useAppConfig();
  if (environment === 'production') return null;
  return (
    <Badge
      color="orange"
      variant="light"
      // Whole or not at all: "S…" names no environment.
      style={{ flexShrink: 0 }}
      aria-label={intl.formatMessage(
        {
          defaultMessage: 'Environment: {environment}',
          id: 'DBSwHy',
          description: "The header's badge naming the deployment (sandbox, test, …), as configured",
        },
        { environment },
      )}
    >
      {environment}
    </Badge>
  );
}

/**
 * The frame around every private page. The main sections (home, parts, runs) are always one tap away,
 * never behind a menu: from a landscape tablet up the links sit in the header's row; on a portrait
 * tablet (768 px) and phones, where they and the Scan, Uploads, account and colour scheme controls do
 * not fit one row in every language, the same links take a second row of the header (CSS).
 */
export function AppShellLayout() {
  const intl = useIntl();
  const mainNavigation = intl.formatMessage({
    defaultMessage: 'Main',
    id: 'MwwMXS',
    description: "Name of the app's main navigation (read by screen readers)",
  });
  const section = useActiveSection();
  const router = useRouter();
  // The page the technician asked to sign out from: where signing in again brings them back.
  const [signingOutFrom, setSigningOutFrom] = useState<string | null>(null);
  useOpenByIdShortcut();
  const main = useRef<HTMLElement>(null);

  return (
    <AppShell header={{ height: { base: 116, md: 64 } }} padding="md">
      <AppShell.Header>
        <div className={classes.headerRow}>
          <Group gap="md" wrap="nowrap" className={classes.brand}>
            <Text
              component={Link}
              to="/"
              fw={700}
              size="lg"
              c="var(--mantine-color-text)"
              td="none"
              mih={44}
              className={classes.productName}
              style={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' }}
            >
              {PRODUCT_NAME}
            </Text>
            <EnvironmentBadge />
          </Group>
          <nav aria-label={mainNavigation} className={classes.nav}>
            {NAV_ITEMS.map(({ to, label, icon: Icon }) => {
              const active = section === to;
              return (
                <Button
                  key={to}
                  component={Link}
                  to={to}
                  variant={active ? 'light' : 'subtle'}
                  color={active ? 'blue' : 'gray'}
                  leftSection={<Icon size={20} />}
                  // Narrow sides: three links, the environment badge and the header's controls fit a
                  // landscape tablet (1024 px) whole, the links there as icons over their labels.
                  px={10}
                  classNames={{
                    root: classes.navButton,
                    inner: classes.navInner,
                    section: classes.navSection,
                    label: classes.navLabel,
                  }}
                  aria-current={active ? 'page' : undefined}
                >
                  {intl.formatMessage(label)}
                </Button>
              );
            })}
          </nav>
          <Group gap="xs" wrap="nowrap" className={classes.controls}>
            <ScanButton />
            <UploadTray />
            <UserMenu onSignOut={() => setSigningOutFrom(router.state.location.href)} />
            <ColorSchemeToggle />
          </Group>
        </div>
      </AppShell.Header>

      {/* Room below the page's end for notices at the bottom right, grown by NoticeRoom while taller
          ones show: the last row scrolls clear of them. */}
      <AppShell.Main ref={main} style={{ paddingBottom: PAGE_END_ROOM }}>
        <NetworkIndicator />
        <SessionEndedBanner />
        <UpdateNotice />
        <LeftByOthersNotice />
        <InterruptedRecordingsNotice />
        <ScansOpenRecords />
        <ShellResilience />
        {signingOutFrom !== null && (
          <SignOutDialog page={signingOutFrom} onClose={() => setSigningOutFrom(null)} />
        )}
        <Outlet />
        <NoticeRoom page={main} />
      </AppShell.Main>
    </AppShell>
  );
}
