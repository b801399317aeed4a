import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ActionIcon, Button, Loader } from '@mantine/core';
import { IconDownload, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { UiProviders } from '../app/AppProviders.tsx';
import { PlainButton, PlainIconButton } from './PlainButton.tsx';

/** An element as markup with its attributes, classes and style declarations in order: what draws it. */
function drawn(element: Element): string {
  const attributes = [...element.attributes]
    .map(({ name, value }) => {
      if (name === 'class') return `class="${value.split(/\s+/).sort().join(' ')}"`;
      if (name === 'style')
        return `style="${value
          .split(';')
          .map((declaration) => declaration.trim())
          .filter(Boolean)
          .sort()
          .join('; ')}"`;
      return `${name}="${value}"`;
    })
    .sort();
  const children = [...element.childNodes]
    .map((node) => (node.nodeType === node.ELEMENT_NODE ? drawn(node as Element) : node.textContent))
    .join('');
  return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${children}</${element.tagName.toLowerCase()}>`;
}

function drawnIn(ui: ReactNode): string {
  const { container, unmount } = render(<UiProviders>{ui}</UiProviders>);
  const button = container.querySelector('button');
  if (!button) throw new Error('no button drawn');
  const markup = drawn(button);
  unmount();
  return markup;
}

/** A button as both draw it: ours, and Mantine's Button with the same props (small, as ours always is). */
function buttonPair({
  variant,
  color,
  icon,
  busy = false,
  label,
  text,
}: {
  variant: 'default' | 'light' | 'subtle' | 'filled';
  color?: string;
  icon: ReactNode;
  busy?: boolean;
  label: string;
  text: string;
}) {
  return {
    ours: (
      <PlainButton variant={variant} color={color} busy={busy} icon={icon} aria-label={label}>
        {text}
      </PlainButton>
    ),
    mantines: (
      <Button
        variant={variant}
        color={color}
        size="sm"
        leftSection={busy ? <Loader size={18} /> : icon}
        aria-label={label}
        aria-busy={busy || undefined}
        data-disabled={busy || undefined}
      >
        {text}
      </Button>
    ),
  };
}

/** An icon button as both draw it: ours, and Mantine's ActionIcon with the same props. */
function iconPair({
  variant,
  color,
  icon,
  title,
  label,
}: {
  variant?: 'subtle';
  color?: string;
  icon: ReactNode;
  title: string;
  label: string;
}) {
  return {
    ours: (
      <PlainIconButton variant={variant} color={color} title={title} aria-label={label}>
        {icon}
      </PlainIconButton>
    ),
    mantines: (
      <ActionIcon variant={variant ?? 'subtle'} color={color} title={title} aria-label={label}>
        {icon}
      </ActionIcon>
    ),
  };
}

describe('PlainButton', () => {
  // What it replaced: Mantine's Button with the same props, under the app's theme (its touch height).
  it.each([
    {
      name: 'a light button in the primary colour',
      ...buttonPair({
        variant: 'light',
        icon: <IconDownload size={18} aria-hidden="true" />,
        label: 'Download a.pdf',
        text: 'Download',
      }),
    },
    {
      name: 'a subtle red button',
      ...buttonPair({
        variant: 'subtle',
        color: 'red',
        icon: <IconTrash size={18} aria-hidden="true" />,
        label: 'Delete a.pdf',
        text: 'Delete',
      }),
    },
    {
      name: 'a filled button at work',
      ...buttonPair({ variant: 'filled', busy: true, icon: null, label: 'Download a.pdf', text: 'Download' }),
    },
    {
      name: 'a default button',
      ...buttonPair({
        variant: 'default',
        icon: <IconX size={18} aria-hidden />,
        label: 'Cancel a.pdf',
        text: 'Cancel',
      }),
    },
  ])("draws $name as Mantine's Button does", ({ ours, mantines }) => {
    expect(drawnIn(ours)).toBe(drawnIn(mantines));
  });

  it.each([
    {
      name: 'a subtle grey icon button',
      ...iconPair({
        variant: 'subtle',
        color: 'gray',
        icon: <IconX size={20} aria-hidden />,
        title: 'Remove',
        label: 'Remove a.pdf',
      }),
    },
    {
      name: 'a subtle icon button in the primary colour (its default)',
      ...iconPair({ icon: <IconRefresh size={20} aria-hidden />, title: 'Retry', label: 'Retry a.pdf' }),
    },
  ])("draws $name as Mantine's ActionIcon does", ({ ours, mantines }) => {
    expect(drawnIn(ours)).toBe(drawnIn(mantines));
  });
});
