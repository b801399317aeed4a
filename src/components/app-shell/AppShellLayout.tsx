import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBarcode, IconList, IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useApolloClient } from '@apollo/client/react';
import { useAuthSession } from '../../auth/AuthContext';
import { getAppConfig } from '../../config/appConfig';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { SessionEndedBanner } from './SessionEndedBanner';
import { UserSummary } from './UserSummary';

const NAV_ITEMS = [
  { to: '/', label: 'Open by id', icon: IconBarcode, exact: true },
  { to: '/parts', label: 'Parts', icon: IconList, exact: false },
] as const;

function EnvironmentBadge() {
  const { environment } = getAppConfig();
  if (environment === 'production') return null;
  return (
    <Badge color="orange" variant="light" aria-label={`Environment: ${environment}`}>
      {environment}
    </Badge>
  );
}

/** The frame around every private page: navigation, who is signed in, colours and sign-out. */
export function AppShellLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const session = useAuthSession();
  const client = useApolloClient();

  const signOut = async () => {
    // Nothing of this user's data stays in memory for the next person on this tablet.
    await client.clearStore();
    await session.signOut();
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="md" aria-label="Menu" />
            <Text component={Link} to="/" fw={700} size="lg">
              Floor Attach
            </Text>
            <EnvironmentBadge />
          </Group>
          <ColorSchemeToggle />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4}>
            {NAV_ITEMS.map(({ to, label, icon: Icon, exact }) => (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={label}
                leftSection={<Icon size={22} />}
                active={exact ? pathname === to : pathname === to || pathname.startsWith(`${to}/`)}
                onClick={close}
                h={48}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
          <Stack gap="sm">
            <UserSummary />
            <Button variant="default" leftSection={<IconLogout size={20} />} onClick={() => void signOut()}>
              Sign out
            </Button>
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <SessionEndedBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
