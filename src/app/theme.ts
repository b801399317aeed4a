import {
  createTheme,
  darken,
  lighten,
  luminance,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineTheme,
  type MantineThemeOverride,
} from '@mantine/core';
import type { IntlShape } from 'react-intl';
import { TOUCH } from '../components/touchSize.ts';

const touchBox = { minWidth: TOUCH, minHeight: TOUCH };

/**
 * The one owner of touch size and readable text: components take these defaults instead of repeating
 * sizes; only deliberate exceptions (larger mark-up editor and camera controls) set their own.
 * Plain objects rather than `Menu.extend(...)`: importing a component here would put it (Menu brings
 * Popover and floating-ui) in the entry bundle for every page.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 6 (Mantine's default) gives white button text and blue links under 4.5:1 contrast; 8 passes.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { size: 'md' }, styles: { root: { minHeight: TOUCH } } },
    ActionIcon: { defaultProps: { size: 44 }, styles: { root: touchBox } },
    // Also the close buttons of Modal, Drawer, Alert and Notification.
    CloseButton: { defaultProps: { size: 44 }, styles: { root: touchBox } },
    Burger: { styles: { root: touchBox } },
    // A notice's text under its title is Mantine's grey 6 (3.3:1 on white): the readable muted grey instead.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    UnstyledButton: { styles: { root: { minHeight: TOUCH } } },
    NavLink: { styles: { root: { minHeight: TOUCH } } },
    Menu: { styles: { item: { minHeight: TOUCH } } },
    Pagination: { styles: { control: touchBox } },
    // The label is what takes the tap (the control's own padding around it does not).
    SegmentedControl: {
      styles: {
        label: { minHeight: TOUCH, display: 'flex', alignItems: 'center', justifyContent: 'center' },
      },
    },
    // The label is part of the target, so the whole row is 44 px high.
    Switch: { styles: { body: { minHeight: TOUCH, alignItems: 'center' } } },
    Checkbox: { styles: { body: { minHeight: TOUCH, alignItems: 'center' } } },
    // Every text field and list: Mantine's md inputs are 42 px, and its stylesheet sets their height
    // on the input itself, where a root CSS variable cannot reach.
    Input: { styles: { input: { minHeight: TOUCH } } },
    TextInput: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});

/**
 * The theme in the language of `intl`: Mantine's × has no name of its own, so dialogs and panels get
 * one here (those with a better one, "Close preview", set theirs).
 */
export function themeIn(intl: IntlShape): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: {
      Modal: {
        defaultProps: {
          closeButtonProps: {
            'aria-label': intl.formatMessage({
              defaultMessage: 'Close dialog',
              id: 'I2D6gH',
              description: 'The × of a dialog (screen readers read it); short',
            }),
          },
        },
      },
      Drawer: {
        defaultProps: {
          closeButtonProps: {
            'aria-label': intl.formatMessage({
              defaultMessage: 'Close panel',
              id: 'j3WLig',
              description: 'The × of a panel sliding in from the side (screen readers read it); short',
            }),
          },
        },
      },
    },
  });
}

/** WCAG 2's contrast between two colours: 4.5 is the least for text. */
export function contrastRatio(a: string, b: string): number {
  const [light = 0, dark = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const READABLE = 4.5;

/** `color`, darkened (on a light `against`) or lightened (on a dark one) until they read at 4.5:1. */
function readableOn(color: string, against: string): string {
  const shift = luminance(against) > 0.18 ? darken : lighten;
  for (let amount = 0; amount < 1; amount += 0.04) {
    const candidate = amount === 0 ? color : shift(color, amount);
    if (contrastRatio(candidate, against) >= READABLE) return candidate;
  }
  return shift(color, 1);
}

/**
 * Badges, alerts and buttons in every colour read at 4.5:1 in both schemes. Mantine's own shades do
 * not (white on green 8 is 3.4:1, orange 9 on orange 1 3.6:1, green 9 on green 1 3.8:1): the filled
 * colour behind white text and the light variant's text are moved just far enough, colour by colour.
 * The light variant's background is set here too, so the text is checked against what is drawn.
 */
function readableVariants(theme: MantineTheme, scheme: 'light' | 'dark'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(theme.colors).flatMap(([name, shades]) => {
      const filled = readableOn(shades[8], theme.white);
      const light = scheme === 'light' ? shades[1] : darken(shades[9], 0.5);
      return [
        [`--mantine-color-${name}-filled`, filled],
        [`--mantine-color-${name}-filled-hover`, darken(filled, 0.1)],
        [`--mantine-color-${name}-light`, light],
        [`--mantine-color-${name}-light-color`, readableOn(shades[scheme === 'light' ? 9 : 0], light)],
      ];
    }),
  );
}

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  // Mantine's "dimmed" grey is under 4.5:1 on white and on dark surfaces; these shades pass, so muted
  // text is always c="dimmed". Its red for a field's error is 3.3:1 on white and 3.4:1 on dark.
  light: {
    ...readableVariants(theme, 'light'),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': readableOn(theme.colors.red[6], theme.white),
  },
  dark: {
    ...readableVariants(theme, 'dark'),
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': readableOn(theme.colors.red[8], theme.colors.dark[7]),
  },
});
