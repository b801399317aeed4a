import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const label = scheme === 'dark' ? 'Use light colours' : 'Use dark colours';
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
