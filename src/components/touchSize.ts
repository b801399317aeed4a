import { rem } from '@mantine/core';

/**
 * Gloved hands on a tablet: every control is at least this big to touch, whatever size a screen asks
 * for. The theme (app/theme.ts) gives it to Mantine's controls; controls drawn without Mantine's
 * components (PlainButton, PlainIconButton) take it from here.
 */
export const TOUCH = rem(44);
