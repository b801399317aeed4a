import { Avatar, Group, Menu, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@apollo/client/react';
import { toUserMessage } from '../../graphql/errors';
import { CurrentUserQuery } from '../../components/currentUserQuery';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Who is signed in and for which organization (from `me`), with sign-out in its menu. */
export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const { data, error, loading } = useQuery(CurrentUserQuery);
  const me = data?.me;
  const name = me?.name || me?.email || 'Signed in';
  const organization = me?.organization?.name || me?.organization?.domain;

  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account: ${name}`} px="xs" style={{ borderRadius: 8 }}>
          <Group gap="sm" wrap="nowrap">
            <Avatar color="blue" radius="xl" size={36}>
              {me ? initials(name) : null}
            </Avatar>
            {loading && !data ? (
              <Skeleton h={32} w={140} visibleFrom="lg" />
            ) : (
              // Only where the header has room for it: below 1200 px the avatar's initials and the menu name the user.
              <Stack gap={0} visibleFrom="lg" maw={220} data-testid="current-user">
                <Text fw={600} size="sm" truncate="end">
                  {name}
                </Text>
                <Text size="xs" c={error && !me ? 'red' : 'dimmed'} truncate="end">
                  {error && !me ? toUserMessage(error) : organization}
                </Text>
              </Stack>
            )}
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={2} px="sm" py="xs">
          <Text fw={600}>{name}</Text>
          {me?.email && (
            <Text size="sm" c="dimmed">
              {me.email}
            </Text>
          )}
          {organization && (
            <Text size="sm" c="dimmed">
              {organization}
            </Text>
          )}
        </Stack>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={20} />} onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
