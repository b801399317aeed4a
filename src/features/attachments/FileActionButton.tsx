import type { CSSProperties, ComponentPropsWithoutRef } from 'react';
import {
  Button,
  Loader,
  UnstyledButton,
  useMantineTheme,
  type MantineColor,
  type MantineTheme,
} from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { displayFilename } from '../../components/displayFilename.ts';
import { TOUCH } from '../../components/touchSize.ts';

/** What can be done to an attached file from its row (and, for a download, its preview). */
export type FileAction = 'preview' | 'markUp' | 'download' | 'delete';

const ICONS = {
  preview: IconEye,
  markUp: IconPencil,
  download: IconDownload,
  delete: IconTrash,
} satisfies Record<FileAction, Icon>;

/** The verb on each action's button. */
const LABELS: Record<FileAction, MessageDescriptor> = defineMessages({
  preview: { defaultMessage: 'Preview', id: '0YIR93', description: 'Button: show the file in the app' },
  markUp: { defaultMessage: 'Mark up', id: 'nWYP1w', description: 'Button: draw on a copy of the photo' },
  download: { defaultMessage: 'Download', id: 'MWMQru', description: 'Button: save the file on this device' },
  delete: { defaultMessage: 'Delete', id: '3XcSV5', description: 'Button: delete an attached file' },
});

/** Each action's accessible name, which says which file it acts on (several rows have the same verbs). */
const NAMED: Record<FileAction, MessageDescriptor> = defineMessages({
  preview: {
    defaultMessage: 'Preview {filename}',
    id: 'C8h70t',
    description: 'Button: show the file in the app',
  },
  markUp: {
    defaultMessage: 'Mark up {filename}',
    id: '7h2QB7',
    description: 'Button: draw on a copy of the photo',
  },
  download: {
    defaultMessage: 'Download {filename}',
    id: 'wA9sjN',
    description: 'Button: save the file on this device',
  },
  delete: {
    defaultMessage: 'Delete {filename}',
    id: 'Y35ujp',
    description: 'Button: delete an attached file',
  },
});

type Variant = 'light' | 'subtle' | 'filled';

type Props = Pick<
  ComponentPropsWithoutRef<'button'>,
  'onClick' | 'onPointerEnter' | 'onPointerDown' | 'onFocus'
> & {
  action: FileAction;
  filename: string | null;
  variant?: Variant;
  /** A theme colour's name; the theme's primary colour when not given. */
  color?: MantineColor;
  /**
   * At work (a download being fetched): a spinner, clicks ignored, yet still focusable, unlike
   * Mantine's `loading`, which disables the button and drops focus to the page's body.
   */
  busy?: boolean;
};

/**
 * A button acting on an attached file: its icon and verb shown, the file named for screen readers.
 *
 * Drawn as Mantine's `Button` draws itself (its own class names, its variant's colours from the
 * theme's resolver, the theme's touch height), as one element and its spans: every listed file has
 * up to four of these, and Mantine's component under each (props and styles resolved, then
 * UnstyledButton and Box) was the largest part of drawing a newly listed row. FileActionButton.test
 * holds it to the markup Mantine's own Button gives, so a Mantine upgrade that changes it is noticed.
 */
export function FileActionButton({
  action,
  filename,
  variant = 'light',
  color,
  busy = false,
  onClick,
  ...handlers
}: Props) {
  const intl = useIntl();
  const theme = useMantineTheme();
  const ActionIcon = ICONS[action];
  return (
    <button
      type="button"
      className={busy ? ROOT_BUSY : ROOT}
      style={buttonStyle(theme, variant, color ?? theme.primaryColor)}
      data-variant={variant}
      data-size="sm"
      data-disabled={busy || undefined}
      data-with-left-section="true"
      aria-label={intl.formatMessage(NAMED[action], { filename: displayFilename(filename, intl).text })}
      aria-busy={busy || undefined}
      onClick={busy ? undefined : onClick}
      {...handlers}
    >
      <span className={`${Button.classes.inner} mantine-Button-inner`}>
        <span className={`${Button.classes.section} mantine-Button-section`} data-position="left">
          {busy ? <Loader size={18} /> : <ActionIcon size={18} aria-hidden="true" />}
        </span>
        <span className={`${Button.classes.label} mantine-Button-label`}>
          {intl.formatMessage(LABELS[action])}
        </span>
      </span>
    </button>
  );
}

const BUTTON_CLASSES = `${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
/** Mantine presses a button down as it is tapped, except a disabled one. */
const ROOT = `mantine-focus-auto mantine-active ${BUTTON_CLASSES}`;
const ROOT_BUSY = `mantine-focus-auto ${BUTTON_CLASSES}`;

const styles = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

/** The CSS variables Mantine's Button sets for a small button of this variant and colour. */
function buttonStyle(theme: MantineTheme, variant: Variant, color: MantineColor): CSSProperties {
  let ofTheme = styles.get(theme);
  if (!ofTheme) styles.set(theme, (ofTheme = new Map()));
  const key = `${variant} ${color}`;
  let style = ofTheme.get(key);
  if (!style) {
    const colors = theme.variantColorResolver({ color, theme, variant });
    style = {
      minHeight: TOUCH,
      '--button-height': 'var(--button-height-sm)',
      '--button-padding-x': 'var(--button-padding-x-sm)',
      '--button-fz': 'var(--mantine-font-size-sm)',
      '--button-bg': colors.background,
      '--button-hover': colors.hover,
      '--button-color': colors.color,
      '--button-bd': colors.border,
      ...(colors.hoverColor && { '--button-hover-color': colors.hoverColor }),
    } as CSSProperties;
    ofTheme.set(key, style);
  }
  return style;
}
