import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { OPEN_BY_ID_INPUT_ID, useOpenByIdShortcut } from './openByIdShortcut.ts';
import { renderMemoryRouter } from '../../test/memoryRouter.tsx';

/** A promise the test settles: the record page's loader waits on it, as on a slow network. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Home with the open-by-id box, a record page that loads until `recordLoad` opens, and another page. */
function renderShell() {
  const recordLoad = gate();
  const router = renderMemoryRouter(
    function Shell() {
      useOpenByIdShortcut();
      return <Outlet />;
    },
    {
      '/': {
        component: () => <input id={OPEN_BY_ID_INPUT_ID} aria-label="Id, scanned label or link" autoFocus />,
      },
      '/record': { loader: () => recordLoad.opened, component: () => <h1>Record</h1> },
      '/other': { component: () => <h1>Other record</h1> },
    },
    { defaultPendingMs: 60_000 },
  );
  return { router, recordLoad };
}

describe('the open-by-id shortcut', () => {
  it('pressed while a record page loads, takes the technician home to the box once that page is there', async () => {
    const { router, recordLoad } = renderShell();
    const box = await screen.findByRole('textbox', { name: 'Id, scanned label or link' });
    router.history.push('/record');
    await waitFor(() => expect(router.state.status).toBe('pending'));

    await userEvent.keyboard('{Control>}k{/Control}');
    // Not on the page being left: the home page is still shown and stays as it is.
    expect(router.state.location.pathname).toBe('/record');
    expect(box).toBeInTheDocument();

    await act(async () => recordLoad.open());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('textbox', { name: 'Id, scanned label or link' })).toHaveFocus();
  });

  it('is dropped when the technician has gone to another record meanwhile', async () => {
    const { router, recordLoad } = renderShell();
    await screen.findByRole('textbox', { name: 'Id, scanned label or link' });
    router.history.push('/record');
    await waitFor(() => expect(router.state.status).toBe('pending'));
    await userEvent.keyboard('{Control>}k{/Control}');

    // Listeners run in the order they subscribed: this one hears the render after the shortcut's did.
    const otherRendered = new Promise<void>((resolve) => {
      const stop = router.subscribe('onRendered', (event) => {
        if (event.toLocation.pathname !== '/other') return;
        stop();
        resolve();
      });
    });
    // Another id typed into the box still on screen: that navigation wins over the record's.
    router.history.push('/other');
    recordLoad.open();
    await act(() => otherRendered);
    expect(router.history.location.pathname).toBe('/other');
    expect(screen.getByRole('heading', { name: 'Other record' })).toBeInTheDocument();
  });
});
