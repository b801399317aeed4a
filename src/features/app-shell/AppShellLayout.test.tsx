import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';

const NAV_ITEMS = ['Open by id', 'Parts', 'Runs'];

/** The navigation items marked as the current page (the drawer's are rendered only while it is open). */
async function currentNavItems(): Promise<string[]> {
  await screen.findByRole('link', { name: 'Open by id' });
  return screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '')
    .filter((name) => NAV_ITEMS.includes(name));
}

describe('the app shell', () => {
  it('marks the navigation item the page is under, and none on a record page', async () => {
    const app = await renderApp({ path: '/' });
    expect(await currentNavItems()).toEqual(['Open by id']);

    await act(() => app.router.navigate({ to: '/runs' }));
    await waitFor(async () => expect(await currentNavItems()).toEqual(['Runs']));

    await act(() => app.router.navigate({ to: '/parts/$id', params: { id: '7' } }));
    await waitFor(async () => expect(await currentNavItems()).toEqual(['Parts']));

    await act(() => app.router.navigate({ to: '/run-steps/$id', params: { id: '3' } }));
    await waitFor(async () => expect(await currentNavItems()).toEqual([]));
  });

  it('signing out remembers the page it was asked from, not the one the shell first showed', async () => {
    const app = await renderApp({ path: '/' });
    await act(() => app.router.navigate({ to: '/runs/$id', params: { id: '12' } }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/runs/12'));

    await app.user.click(await screen.findByRole('button', { name: 'Account: Taylor Technician' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
    await waitFor(() => expect(app.session.signOut).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(sessionStorageKeyHolding('/runs/12'))).toContain('/runs/12');
  });
});

/** The session storage key whose value names `path` (the sign-out page's key is the module's own). */
function sessionStorageKeyHolding(path: string): string {
  for (let index = 0; index < window.sessionStorage.length; index += 1) {
    const key = window.sessionStorage.key(index);
    if (key !== null && (window.sessionStorage.getItem(key) ?? '').includes(path)) return key;
  }
  return '(none)';
}
