import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuthSession } from '../../auth/AuthContext.tsx';
import { StaleSignInError } from '../../auth/authSession.ts';
import { takeSignOutPage } from '../../auth/signOutReturn.ts';
import { CenteredPanel } from '../../components/CenteredPanel.tsx';
import { SignInProgress } from './SignInProgress.tsx';

/**
 * Finishes the login and replaces the callback URL (code and state) with the page the user asked
 * for. A used callback (Back button) continues to the app, or to a fresh sign-in when signed out.
 */
export function AuthCallbackPage() {
  const intl = useIntl();
  const session = useAuthSession();
  const router = useRouter();
  /** Set when the sign-in failed. The library's words (state ids, protocol error codes) are never shown. */
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    session.completeSignIn(window.location.href).then(
      (returnTo) => {
        // Back from the provider's "Stay signed in": to the page this person signed out from.
        const page = takeSignOutPage(returnTo, session.getPerson());
        if (active) void router.navigate({ href: page, replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        if (error instanceof StaleSignInError) {
          session.signIn('/').catch(() => setFailed(true));
        } else {
          setFailed(true);
        }
      },
    );
    return () => {
      active = false;
    };
  }, [session, router]);

  return (
    <CenteredPanel
      title={intl.formatMessage({ defaultMessage: 'Signing in', id: 'ip0e+G', description: 'Page title' })}
    >
      <SignInProgress
        failed={failed}
        failure={
          <FormattedMessage
            defaultMessage="Sign-in did not complete. Sign in again; if it keeps happening, tell a supervisor."
            id="N6ggLz"
          />
        }
        busy={<FormattedMessage defaultMessage="Finishing sign-in…" id="y8PDkc" />}
      />
      {failed && (
        <Button onClick={() => void session.signIn('/')} w="fit-content">
          <FormattedMessage defaultMessage="Sign in again" id="scfgdM" />
        </Button>
      )}
    </CenteredPanel>
  );
}
