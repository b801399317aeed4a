import {
  ActionIcon,
  Burger,
  Button,
  Checkbox,
  CloseButton,
  createTheme,
  Menu,
  NativeSelect,
  NavLink,
  Pagination,
  rem,
  SegmentedControl,
  Select,
  Switch,
  TextInput,
  UnstyledButton,
  type CSSVariablesResolver,
} from '@mantine/core';

/** Gloved hands on a tablet: every control is at least this big to touch, whatever size a screen asks for. */
const TOUCH = rem(44);
const touchBox = { minWidth: TOUCH, minHeight: TOUCH };

/**
 * The one owner of touch size and readable text: components take these defaults instead of repeating
 * sizes; only deliberate exceptions (larger mark-up editor and camera controls) set their own.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 6 (Mantine's default) gives white button text and blue links under 4.5:1 contrast; 8 passes.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    Button: Button.extend({ defaultProps: { size: 'md' }, styles: { root: { minHeight: TOUCH } } }),
    ActionIcon: ActionIcon.extend({ defaultProps: { size: 44 }, styles: { root: touchBox } }),
    // Also the close buttons of Modal, Drawer, Alert and Notification.
    CloseButton: CloseButton.extend({ defaultProps: { size: 44 }, styles: { root: touchBox } }),
    Burger: Burger.extend({ styles: { root: touchBox } }),
    UnstyledButton: UnstyledButton.extend({ styles: { root: { minHeight: TOUCH } } }),
    NavLink: NavLink.extend({ styles: { root: { minHeight: TOUCH } } }),
    Menu: Menu.extend({ styles: { item: { minHeight: TOUCH } } }),
    Pagination: Pagination.extend({ styles: { control: touchBox } }),
    // The segment's own 4 px padding on each side brings a 36 px label to 44 px.
    SegmentedControl: SegmentedControl.extend({
      styles: { label: { minHeight: rem(36), display: 'flex', alignItems: 'center', justifyContent: 'center' } },
    }),
    // The label is part of the target, so the whole row is 44 px high.
    Switch: Switch.extend({ styles: { body: { minHeight: TOUCH, alignItems: 'center' } } }),
    Checkbox: Checkbox.extend({ styles: { body: { minHeight: TOUCH, alignItems: 'center' } } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'md' } }),
    NativeSelect: NativeSelect.extend({ defaultProps: { size: 'md' } }),
    Select: Select.extend({ defaultProps: { size: 'md' } }),
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
