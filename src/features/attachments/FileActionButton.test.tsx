import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProviders } from '../../app/AppProviders.tsx';
import { FileActionButton } from './FileActionButton.tsx';

describe('FileActionButton', () => {
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
