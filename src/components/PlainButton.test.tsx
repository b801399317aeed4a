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

describe('PlainButton', () => {
  // What it replaced: Mantine's Button with the same props, under the app's theme (its touch height).
  it.each([
    {
      name: 'a light button in the primary colour',
      ours: (
        <PlainButton
          variant="light"
          icon={<IconDownload size={18} aria-hidden="true" />}
          aria-label="Download a.pdf"
        >
          Download
        </PlainButton>
      ),
      mantines: (
        <Button
          variant="light"
          size="sm"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          aria-label="Download a.pdf"
        >
          Download
        </Button>
      ),
    },
    {
      name: 'a subtle red button',
      ours: (
        <PlainButton
          variant="subtle"
          color="red"
          icon={<IconTrash size={18} aria-hidden="true" />}
          aria-label="Delete a.pdf"
        >
          Delete
        </PlainButton>
      ),
      mantines: (
        <Button
          variant="subtle"
          color="red"
          size="sm"
          leftSection={<IconTrash size={18} aria-hidden="true" />}
          aria-label="Delete a.pdf"
        >
          Delete
        </Button>
      ),
    },
    {
      name: 'a filled button at work',
      ours: (
        <PlainButton variant="filled" busy icon={null} aria-label="Download a.pdf">
          Download
        </PlainButton>
      ),
      mantines: (
        <Button
          variant="filled"
          size="sm"
          leftSection={<Loader size={18} />}
          aria-label="Download a.pdf"
          aria-busy
          data-disabled
        >
          Download
        </Button>
      ),
    },
    {
      name: 'a default button',
      ours: (
        <PlainButton variant="default" icon={<IconX size={18} aria-hidden />} aria-label="Cancel a.pdf">
          Cancel
        </PlainButton>
      ),
      mantines: (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconX size={18} aria-hidden />}
          aria-label="Cancel a.pdf"
        >
          Cancel
        </Button>
      ),
    },
  ])("draws $name as Mantine's Button does", ({ ours, mantines }) => {
    expect(drawnIn(ours)).toBe(drawnIn(mantines));
  });

  it.each([
    {
      name: 'a subtle grey icon button',
      ours: (
        <PlainIconButton variant="subtle" color="gray" title="Remove" aria-label="Remove a.pdf">
          <IconX size={20} aria-hidden />
        </PlainIconButton>
      ),
      mantines: (
        <ActionIcon variant="subtle" color="gray" title="Remove" aria-label="Remove a.pdf">
          <IconX size={20} aria-hidden />
        </ActionIcon>
      ),
    },
    {
      name: 'a subtle icon button in the primary colour',
      ours: (
        <PlainIconButton title="Retry" aria-label="Retry a.pdf">
          <IconRefresh size={20} aria-hidden />
        </PlainIconButton>
      ),
      mantines: (
        <ActionIcon variant="subtle" title="Retry" aria-label="Retry a.pdf">
          <IconRefresh size={20} aria-hidden />
        </ActionIcon>
      ),
    },
  ])("draws $name as Mantine's ActionIcon does", ({ ours, mantines }) => {
    expect(drawnIn(ours)).toBe(drawnIn(mantines));
  });
});
