import { createTheme, rem, type CSSVariablesResolver } from '@mantine/core';

/** Gloved hands on a tablet: the default controls are at least 44 px high. */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 6 (Mantine's default) gives white button text and blue links under 4.5:1 contrast; 8 passes.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: 44 } },
    TextInput: { defaultProps: { size: 'md' } },
  },
});

/** Mantine's md controls are 42 px; raise them to the 44 px touch minimum. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--button-height-md': rem(44), '--input-height-md': rem(44) },
  // Mantine's "dimmed" grey is under 4.5:1 on white and on dark surfaces; these shades pass.
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
