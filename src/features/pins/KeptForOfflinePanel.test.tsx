import { describe, expect, it } from 'vitest';
import { Outlet } from '@tanstack/react-router';
import { createIntl } from 'react-intl';
import { screen, within } from '@testing-library/react';
import { UiProviders } from '../../app/AppProviders.tsx';
import { PinnedRecordsProvider } from '../../pins/pinnedRecordsContext.tsx';
import type { PinnedRecords } from '../../pins/pinnedRecords.ts';
import { pinnedFor, pinWorld, run1 } from '../../test/pinnedRecords.ts';
import { renderMemoryRouter } from '../../test/memoryRouter.tsx';
import { formatMegabytes, KeptForOfflinePanel } from './KeptForOfflinePanel.tsx';

function renderPanel(pins: PinnedRecords) {
  renderMemoryRouter(
    () => (
      <UiProviders>
        <PinnedRecordsProvider pinned={pins}>
          <Outlet />
        </PinnedRecordsProvider>
      </UiProviders>
    ),
    { '/': { component: KeptForOfflinePanel } },
  );
}

describe('the home page’s pinned records', () => {
  it('is not there until something is pinned', async () => {
    const pins = pinWorld().make();
    await pins.restore();
    renderPanel(pins);
    await screen.findByText((_, element) => element?.tagName === 'BODY');
    expect(screen.queryByTestId('kept-for-offline')).toBeNull();
  });

  it('says how much of the budget the kept copies take, that the browser may delete them, and lists each pin', async () => {
    const w = pinWorld({ budgetBytes: 200 * 1024 * 1024, copyBytes: () => 3 * 1024 * 1024 });
    const pins = w.make();
    await pins.restore();
    pins.pin({ ...run1, context: 'Run 1 · SN 0041' });
    await pinnedFor(pins, run1);
    renderPanel(pins);
    const panel = await screen.findByRole('region', { name: 'Pinned for the shift' });
    expect(within(panel).getByTestId('kept-usage')).toHaveTextContent('Kept for offline: 12 MB of 200 MB');
    expect(within(panel).getByRole('progressbar', { name: 'Room kept for offline, used' })).toBeVisible();
    expect(within(panel).getByTestId('not-persisted')).toHaveTextContent(
      'This browser may delete kept records after 7 days without use.',
    );
    const link = within(panel).getByRole('link', { name: /Run 1: BRKT-0001 Rev C, SN 0041/ });
    expect(link).toHaveAttribute('href', '/runs/1');
    expect(within(panel).getByRole('button', { name: 'Pin Run 1 for offline' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(panel).getByRole('status')).toHaveTextContent('Pinned for offline');
  });

  it('tells the person when what the tablet kept was written by a later version and was cleared', async () => {
    const w = pinWorld();
    w.storage.state = { schemaVersion: 99, pins: [], files: [] } as unknown as typeof w.storage.state;
    const pins = w.make();
    await pins.restore();
    renderPanel(pins);
    const panel = await screen.findByRole('region', { name: 'Pinned for the shift' });
    expect(within(panel).getByTestId('kept-dropped')).toHaveTextContent(
      'What this tablet kept for offline was saved by a newer version of Floor Attach, which this one cannot read: it was cleared. Pin your records again to keep them for the shift.',
    );
  });
});

describe('megabytes in words', () => {
  it('says small amounts as they are, larger ones rounded', () => {
    const intl = createIntl({ locale: 'en' });
    expect(formatMegabytes(intl, 0)).toBe('0 MB');
    expect(formatMegabytes(intl, 30 * 1024)).toBe('0.03 MB');
    expect(formatMegabytes(intl, 2.54 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatMegabytes(intl, 34.4 * 1024 * 1024)).toBe('34 MB');
  });
});
