import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProviders } from '../../app/AppProviders.tsx';
import { PinnedRecordsProvider } from '../../pins/pinnedRecordsContext.tsx';
import type { PinnedRecords } from '../../pins/pinnedRecords.ts';
import { part7, pinnedFor, pinWorld, run1 } from '../../test/pinnedRecords.ts';
import { PinControl } from './PinControl.tsx';
import { PinnableRow } from './PinnableRow.tsx';

function renderWith(pins: PinnedRecords, node: React.ReactNode) {
  return render(
    <UiProviders>
      <PinnedRecordsProvider pinned={pins}>{node}</PinnedRecordsProvider>
    </UiProviders>,
  );
}

describe('the pin toggle', () => {
  it('pins from the keyboard, says how far it has come, then that the record is pinned for offline', async () => {
    const w = pinWorld();
    let release = () => {};
    w.fetcher.hold = new Promise((resolve) => (release = resolve));
    const pins = w.make();
    await pins.restore();
    renderWith(pins, <PinControl record={run1} />);
    const toggle = screen.getByRole('button', { name: 'Pin for offline' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    // At least 44 px high for a gloved finger.
    expect(toggle.style.minHeight).toMatch(/2\.75rem|44px/);

    const user = userEvent.setup();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('status')).toHaveTextContent('Pinning… 0 of 1');
    release();
    expect(await screen.findByText('Pinned for offline')).toBeVisible();
    // The browser did not promise to keep the site's data: said next to the pin.
    expect(screen.getByTestId('not-persisted')).toHaveTextContent(
      'This browser may delete kept records after 7 days without use.',
    );

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('status')).toBeNull();
    expect(pins.getSnapshot().pins).toEqual([]);
  });

  it('says why pinning failed, in words, and tries again', async () => {
    const w = pinWorld();
    w.fetcher.fail = new TypeError('Failed to fetch');
    const pins = w.make();
    renderWith(pins, <PinControl record={part7} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pin for offline' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Pinning failed: Cannot reach the server. Check the Wi-Fi connection and try again.',
    );
    w.fetcher.fail = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Pinned for offline')).toBeVisible();
  });

  it('says when files were left out', async () => {
    const w = pinWorld({ budgetBytes: 150 });
    w.fetcher.unreadable = new Set([4]);
    const pins = w.make();
    renderWith(pins, <PinControl record={run1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pin for offline' }));
    await pinnedFor(pins, run1);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Pinned for offline · 1 file could not be kept · 2 files left out: over the budget',
    );
  });

  it('in a row of the recent list, is named with its record and shows the pin’s state under it', async () => {
    const pins = pinWorld().make();
    renderWith(
      pins,
      <PinnableRow record={part7}>
        <a href="/parts/7">Part 7: BRKT-0007 rev A</a>
      </PinnableRow>,
    );
    const toggle = screen.getByRole('button', { name: 'Pin Part 7 for offline' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await pinnedFor(pins, part7);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(document.body).getByRole('status')).toHaveTextContent('Pinned for offline');
  });

  it('is not there where the app runs without pins', () => {
    render(
      <UiProviders>
        <PinControl record={run1} />
      </UiProviders>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
