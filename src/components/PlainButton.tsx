import type { CSSProperties, ComponentPropsWithoutRef, ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Loader,
  UnstyledButton,
  useMantineTheme,
  type MantineColor,
  type MantineTheme,
} from '@mantine/core';
import { TOUCH } from './touchSize.ts';

type Variant = 'default' | 'light' | 'subtle' | 'filled';

type Props = Pick<
  ComponentPropsWithoutRef<'button'>,
  'onClick' | 'onPointerEnter' | 'onPointerDown' | 'onFocus' | 'aria-label'
> & {
  /** The icon before the words (`aria-hidden`); a spinner in its place while `busy`. */
  icon: ReactNode;
  children: ReactNode;
  variant?: Variant;
  /** A theme colour's name; the theme's primary colour when not given. */
  color?: MantineColor;
  /**
   * At work: a spinner, clicks ignored, yet still focusable, unlike Mantine's `loading`, which
   * disables the button and drops focus to the page's body.
   */
  busy?: boolean;
};

/**
 * A small button with an icon, drawn as Mantine's `Button` draws itself (its own class names, its
 * variant's colours from the theme's resolver, the theme's touch height), as one element and its spans.
 * For buttons drawn once per file of a list (an attachment row's actions, an upload row's Cancel):
 * Mantine's component under each (props and styles resolved, then UnstyledButton and Box) was the
 * largest part of drawing a row. PlainButton.test holds it to the markup Mantine's own Button gives, so
 * a Mantine upgrade that changes it is noticed.
 */
export function PlainButton({
  icon,
  children,
  variant = 'filled',
  color,
  busy = false,
  onClick,
  ...rest
}: Props) {
  const theme = useMantineTheme();
  return (
    <button
      type="button"
      className={busy ? ROOT_BUSY : ROOT}
      style={buttonStyle(theme, variant, color ?? theme.primaryColor)}
      data-variant={variant}
      data-size="sm"
      data-disabled={busy || undefined}
      data-with-left-section="true"
      aria-busy={busy || undefined}
      onClick={busy ? undefined : onClick}
      {...rest}
    >
      <span className={`${Button.classes.inner} mantine-Button-inner`}>
        <span className={`${Button.classes.section} mantine-Button-section`} data-position="left">
          {busy ? <Loader size={18} /> : icon}
        </span>
        <span className={`${Button.classes.label} mantine-Button-label`}>{children}</span>
      </span>
    </button>
  );
}

const BUTTON_CLASSES = `${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
/** Mantine presses a button down as it is tapped, except a disabled one. */
const ROOT = `mantine-focus-auto mantine-active ${BUTTON_CLASSES}`;
const ROOT_BUSY = `mantine-focus-auto ${BUTTON_CLASSES}`;

/**
 * An icon button (the icon named by `aria-label`, shown on hover by `title`), drawn as Mantine's
 * `ActionIcon` draws itself at the theme's touch size, as PlainButton is: an upload row's Retry and
 * Remove, one per file, changing as the file lands.
 */
export function PlainIconButton({
  children,
  variant = 'subtle',
  color,
  ...rest
}: Pick<ComponentPropsWithoutRef<'button'>, 'onClick' | 'title' | 'aria-label'> & {
  /** The icon (`aria-hidden`). */
  children: ReactNode;
  variant?: Variant;
  /** A theme colour's name; the theme's primary colour when not given. */
  color?: MantineColor;
}) {
  const theme = useMantineTheme();
  return (
    <button
      type="button"
      className={ICON_ROOT}
      style={iconStyle(theme, variant, color ?? theme.primaryColor)}
      data-variant={variant}
      {...rest}
    >
      <span className={`${ActionIcon.classes.icon} mantine-ActionIcon-icon`}>{children}</span>
    </button>
  );
}

const ICON_ROOT = `mantine-focus-auto mantine-active ${ActionIcon.classes.root} mantine-ActionIcon-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;

const styles = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

/** One style object per theme, kind, variant and colour: made once, then handed to every render. */
function cachedStyle(theme: MantineTheme, key: string, make: () => CSSProperties): CSSProperties {
  let ofTheme = styles.get(theme);
  if (!ofTheme) styles.set(theme, (ofTheme = new Map()));
  let style = ofTheme.get(key);
  if (!style) ofTheme.set(key, (style = make()));
  return style;
}

/** The CSS variables Mantine's Button sets for a small button of this variant and colour. */
function buttonStyle(theme: MantineTheme, variant: Variant, color: MantineColor): CSSProperties {
  return cachedStyle(theme, `button ${variant} ${color}`, () => {
    const colors = theme.variantColorResolver({ color, theme, variant });
    return {
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
  });
}

/** The CSS variables Mantine's ActionIcon sets at the theme's touch size for this variant and colour. */
function iconStyle(theme: MantineTheme, variant: Variant, color: MantineColor): CSSProperties {
  return cachedStyle(theme, `icon ${variant} ${color}`, () => {
    const colors = theme.variantColorResolver({ color, theme, variant });
    return {
      minHeight: TOUCH,
      minWidth: TOUCH,
      '--ai-size': TOUCH,
      '--ai-bg': colors.background,
      '--ai-hover': colors.hover,
      '--ai-color': colors.color,
      '--ai-bd': colors.border,
      ...(colors.hoverColor && { '--ai-hover-color': colors.hoverColor }),
    } as CSSProperties;
  });
}
