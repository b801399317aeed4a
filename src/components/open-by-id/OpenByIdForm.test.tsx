import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/renderApp.tsx';

describe('open-by-id box', () => {
  it('is focused on the home page and opens what a scanner sends', async () => {
    const { user, router } = await renderApp({ path: '/' });
    const box = await screen.findByLabelText('Id, scanned label or link');
    await waitFor(() => expect(box).toHaveFocus());
    await user.keyboard('RUN-42{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/42'));
  });

  it('uses the chosen kind for a bare number', async () => {
    const { user, router } = await renderApp({ path: '/' });
    await user.selectOptions(await screen.findByLabelText('Kind'), 'runStepField');
    await user.type(screen.getByLabelText('Id, scanned label or link'), '7{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/run-step-fields/7'));
  });

  it('explains a refusal in place and offers a part search', async () => {
    const { user, router } = await renderApp({ path: '/' });
    await user.type(await screen.findByLabelText('Id, scanned label or link'), 'BRKT-0001{Enter}');
    expect(await screen.findByText(/“BRKT” is not a kind of record/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Search parts for “BRKT-0001”' })).toHaveAttribute(
      'href',
      '/parts?q=BRKT-0001',
    );
  });

  it('is reached with / from another page', async () => {
    const { user, router } = await renderApp({ path: '/parts/abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('“abc” is not a part id');
    await user.keyboard('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.getByLabelText('Id, scanned label or link')).toHaveFocus());
  });
});
