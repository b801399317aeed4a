import { createTheme, rem, type CSSVariablesResolver } from '@mantine/core';

/** Gloved hands on a tablet: every control is at least this big to touch, whatever size a screen asks for. */
const TOUCH = rem(44);
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
    // Mantine's × has no name of its own; dialogs with a better one ("Close preview") set theirs.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    Burger: { styles: { root: touchBox } },
    UnstyledButton: { styles: { root: { minHeight: TOUCH } } },
    NavLink: { styles: { root: { minHeight: TOUCH } } },
    Menu: { styles: { item: { minHeight: TOUCH } } },
    Pagination: { styles: { control: touchBox } },
    // The segment's own 4 px padding on each side brings a 36 px label to 44 px.
    SegmentedControl: {
      styles: {
        label: { minHeight: rem(36), display: 'flex', alignItems: 'center', justifyContent: 'center' },
      },
    },
    // The label is part of the target, so the whole row is 44 px high.
    Switch: { styles: { body: { minHeight: TOUCH, alignItems: 'center' } } },
    Checkbox: { styles: { body: { minHeight: TOUCH, alignItems: 'center' } } },
    TextInput: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});

/** Mantine's md controls are 42 px; raise them to the 44 px touch minimum. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--button-height-md': rem(44), '--input-height-md': rem(44) },
  // Mantine's "dimmed" grey is under 4.5:1 on white and on dark surfaces; these shades pass, so muted
  // text is always c="dimmed".
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
