import { Avatar, Group, Menu, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { toUserMessage } from '../../graphql/errors.ts';
import { CurrentUserQuery } from '../../graphql/currentUserQuery.ts';
import { useAppConfig } from '../../config/ConfigContext.tsx';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  PSEUDO_LOCALE,
  useLanguageChoice,
  type AppLocale,
} from '../../i18n/index.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * Who is signed in and for which organization (from `me`), the languages (two taps: the menu, then
 * one), and sign-out. The pseudo-locale is offered everywhere but production, for checking screens.
 * It closes when another page opens.
 */
export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const intl = useIntl();
  const { data, error, loading } = useQuery(CurrentUserQuery);
  const { environment } = useAppConfig();
  const { locale, choose } = useLanguageChoice();
  const me = data?.me;
  const name = me?.name || me?.email || intl.formatMessage({ id: '77MbQy', defaultMessage: 'Signed in' });
  const organization = me?.organization?.name || me?.organization?.domain;
  const offered: AppLocale[] = environment === 'production' ? [...LANGUAGES] : [...LANGUAGES, PSEUDO_LOCALE];
  // Closed whenever another page opens (a scan opened a record while it was open): it would stay over
  // the page the technician now looks at.
  // Only while open does it follow navigation: the shell does not render again at every scan.
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  useEffect(
    () => (opened ? router.subscribe('onBeforeNavigate', () => setOpened(false)) : undefined),
    [opened, router],
  );

  return (
    <Menu position="bottom-end" width={280} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UnstyledButton
          aria-label={intl.formatMessage(
            { id: '+CL8cB', defaultMessage: 'Account: {name}', description: 'The account menu button' },
            { name },
          )}
          px="xs"
          style={{ borderRadius: 8 }}
          data-testid="account-menu"
        >
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
        <Menu.Label>
          <FormattedMessage
            id="zHyqyq"
            defaultMessage="Language"
            description="Heading of the languages in the account menu"
          />
        </Menu.Label>
        {offered.map((language) => (
          <Menu.Item
            key={language}
            lang={language === PSEUDO_LOCALE ? 'en' : language}
            aria-current={language === locale ? 'true' : undefined}
            rightSection={language === locale ? <IconCheck size={20} aria-hidden /> : null}
            onClick={() => choose(language)}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={20} />} onClick={onSignOut}>
          <FormattedMessage id="xXbJso" defaultMessage="Sign out" />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
