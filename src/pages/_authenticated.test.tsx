import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createTestAuthSession, renderApp } from '../test/renderApp.tsx';

describe('the authenticated layout guard', () => {
  it('sends a signed-out visitor to sign-in, remembering the page they asked for', async () => {
    const session = createTestAuthSession('signed-out');
    const { router } = await renderApp({ path: '/runs/42?tab=files', session });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toEqual({ redirect: '/runs/42?tab=files' });
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith('/runs/42?tab=files'));
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('shows the shell with who is signed in to a signed-in user', async () => {
    await renderApp({ path: '/runs/1' });
    const current = await screen.findByTestId('current-user');
    expect(current).toHaveTextContent('Taylor Technician');
    expect(current).toHaveTextContent('Example Aerospace');
    expect(screen.getByRole('link', { name: 'Parts' })).toHaveAttribute('href', '/parts');
    expect(screen.getByRole('link', { name: 'Open by id' })).toHaveAttribute('href', '/');
  });

  it('keeps the page and asks to sign in again when the session has ended', async () => {
    const session = createTestAuthSession('session-ended');
    const { router, user } = await renderApp({ path: '/runs/1', session });
    expect(await screen.findByText('Your session ended')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/runs/1');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(session.signIn).toHaveBeenCalledWith('/runs/1');
  });

  it('signs out at the provider and forgets cached data', async () => {
    const { session, client, user } = await renderApp({ path: '/runs/1' });
    await screen.findByTestId('current-user');
    await user.click(screen.getByRole('button', { name: 'Account: Taylor Technician' }));
    expect(await screen.findByText('technician@example.com')).toBeInTheDocument();
    // jsdom has no layout, so the popover positioner keeps the open menu display:none; e2e clicks it for real.
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
    await waitFor(() => expect(session.signOut).toHaveBeenCalledTimes(1));
    expect(client.cache.extract()).toEqual({});
  });
});

describe('the sign-in page', () => {
  it('ignores a redirect to another site', async () => {
    const session = createTestAuthSession('signed-out');
    await renderApp({ path: '/sign-in?redirect=https%3A%2F%2Fevil.example%2F', session });
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith('/'));
  });

  it('sends a signed-in user straight to the page', async () => {
    const { router } = await renderApp({ path: '/sign-in?redirect=%2Fruns%2F1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/1'));
  });
});
