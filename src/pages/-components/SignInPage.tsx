import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader, Group, Text } from '@mantine/core';
import { useAuthSession } from '../../auth/AuthContext';
import { CenteredPanel } from '../../components/CenteredPanel';

const UNREACHABLE = 'The sign-in service could not be reached. Check the connection and try again.';

/**
 * Reached from the guard: goes straight on to the identity provider. If the provider cannot be
 * reached, says so and offers a button instead of trying again on its own (no redirect loop).
 * Reached right after a sign-out on this tablet (`signedOut`), it says so and waits for the next
 * person. While an earlier sign-out could not end the provider's session, it says the next sign-in
 * asks for a password.
 */
export function SignInPage({ returnTo, signedOut = false }: { returnTo: string; signedOut?: boolean }) {
  const session = useAuthSession();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const asksPassword = session.nextSignInAsksPassword();

  const signIn = () => {
    setFailure(null);
    session.signIn(returnTo).catch(() => setFailure(UNREACHABLE));
  };

  useEffect(() => {
    // StrictMode mounts twice; one redirect is enough. After a sign-out the next person starts it.
    if (started.current || signedOut) return;
    started.current = true;
    signIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <CenteredPanel title={signedOut ? 'Signed out' : 'Sign in'}>
      {signedOut && !failure && (
        <Alert color="green" role="status">
          You are signed out of this tablet.
        </Alert>
      )}
      {asksPassword && (
        <Text>
          The sign-in service could not be reached to end the last session there too, so the next sign-in on
          this tablet asks for a password.
        </Text>
      )}
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : (
        !signedOut && (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Taking you to the sign-in page…</Text>
          </Group>
        )
      )}
      <Button onClick={signIn} w="fit-content">
        Sign in
      </Button>
    </CenteredPanel>
  );
}
