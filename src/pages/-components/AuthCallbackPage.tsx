import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useAuthSession } from '../../auth/AuthContext';
import { StaleSignInError } from '../../auth/authSession';
import { takeSignOutPage } from '../../auth/signOutReturn';
import { CenteredPanel } from '../../components/CenteredPanel';

/** The library's words (state ids, protocol error codes) would tell a technician nothing they can act on. */
const SIGN_IN_FAILED = 'Sign-in did not complete. Sign in again; if it keeps happening, tell a supervisor.';

/**
 * Finishes the login and replaces the callback URL (code and state) with the page the user asked
 * for. A used callback (Back button) continues to the app, or to a fresh sign-in when signed out.
 */
export function AuthCallbackPage() {
  const session = useAuthSession();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);

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
          session.signIn('/').catch(() => setFailure(SIGN_IN_FAILED));
        } else {
          setFailure(SIGN_IN_FAILED);
        }
      },
    );
    return () => {
      active = false;
    };
  }, [session, router]);

  return (
    <CenteredPanel title="Signing in">
      {failure ? (
        <>
          <Alert color="red" role="alert">
            {failure}
          </Alert>
          <Button onClick={() => void session.signIn('/')} w="fit-content">
            Sign in again
          </Button>
        </>
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Finishing sign-in…</Text>
        </Group>
      )}
    </CenteredPanel>
  );
}
