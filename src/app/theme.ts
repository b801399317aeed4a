import { createTheme } from '@mantine/core';

/** Gloved hands on a tablet: every control at least 44 px high. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: 44 } },
    TextInput: { defaultProps: { size: 'md' } },
  },
});
