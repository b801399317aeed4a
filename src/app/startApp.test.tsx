import { afterAll, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { startApp } from './startApp.ts';

// A broken configuration ends startApp while the code it loads beside the configuration (the sign-in,
// the services, the share inbox) is still loading, unawaited. Those loads must end while this file's
// environment is still there: as a worker's last file, its teardown failed them in a loaded full run
// (EnvironmentTeardownError, reported against the next file to import oidcSession.ts).
afterAll(() =>
  Promise.allSettled([
    import('../auth/oidcSession.ts'),
    import('./appServices.ts'),
    import('../share/shareInbox.ts'),
    import('../share/claimLandedShare.ts'),
    import('./appView.tsx'),
  ]),
);

async function start(response: Response) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(() => startApp(root, async () => response));
  return () => {
    act(() => root.unmount());
    container.remove();
  };
}

describe('startApp with a broken configuration', () => {
  it('shows a clear error page when /config.json is missing', async () => {
    const stop = await start(new Response('Not found', { status: 404 }));
    expect(screen.getByRole('heading', { name: 'The app cannot start' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The configuration at /config.json is missing (HTTP 404).',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    stop();
  });

  it('lists what is wrong in a malformed configuration', async () => {
    const stop = await start(new Response(JSON.stringify({ apiUrl: 'not a url', environment: 'sandbox' })));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The configuration is invalid.');
    expect(alert).toHaveTextContent('"apiUrl" must be an http(s) URL, got "not a url".');
    expect(alert).toHaveTextContent('"oidc" must be an object with authority, clientId and scopes.');
    stop();
  });
});
