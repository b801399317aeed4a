import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Button, Loader } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { UiProviders } from '../../app/AppProviders.tsx';
import { FileActionButton } from './FileActionButton.tsx';

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

describe('FileActionButton', () => {
  // What it replaced: Mantine's Button with the same props, under the app's theme (its touch height).
  it.each([
    {
      name: 'a light button in the primary colour',
      ours: <FileActionButton action="download" filename="a.pdf" />,
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
      ours: <FileActionButton action="delete" variant="subtle" color="red" filename="a.pdf" />,
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
      ours: <FileActionButton action="download" variant="filled" busy filename="a.pdf" />,
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
  ])("draws $name as Mantine's Button does", ({ ours, mantines }) => {
    expect(drawnIn(ours)).toBe(drawnIn(mantines));
  });

  it('names the file it acts on, and ignores taps while at work yet keeps its focus', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <UiProviders>
        <FileActionButton action="download" filename="report.pdf" onClick={onClick} />
      </UiProviders>,
    );
    const button = screen.getByRole('button', { name: 'Download report.pdf' });
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <UiProviders>
        <FileActionButton action="download" filename="report.pdf" onClick={onClick} busy />
      </UiProviders>,
    );
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toHaveFocus();
  });
});
