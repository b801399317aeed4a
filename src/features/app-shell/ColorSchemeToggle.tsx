import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useIntl } from 'react-intl';

export function ColorSchemeToggle() {
  const intl = useIntl();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const label =
    scheme === 'dark'
      ? intl.formatMessage({ defaultMessage: 'Use light colours', id: '5Vsru6' })
      : intl.formatMessage({ defaultMessage: 'Use dark colours', id: 'ZkEenj' });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        aria-label={label}
        onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
      >
        {scheme === 'dark' ? <IconSun size={22} /> : <IconMoon size={22} />}
      </ActionIcon>
    </Tooltip>
  );
}
