import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestAuthSession, renderApp } from '../../test/renderApp.tsx';

describe('the sign-in callback page', () => {
  it("says a failed sign-in in plain words, never the library's", async () => {
    const session = createTestAuthSession('signed-out');
    session.completeSignIn = async () => {
      throw new Error('invalid_grant (grant request is invalid)');
    };
    await renderApp({ path: '/auth/callback?code=abc&state=xyz', session });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in did not complete. Sign in again');
    expect(alert).not.toHaveTextContent('invalid_grant');
  });
});
