import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader, Group, Text } from '@mantine/core';
import { useAuthSession } from '../../auth/AuthContext';
import { CenteredPanel } from '../../components/CenteredPanel';

/**
 * Reached from the guard: goes straight on to the identity provider. If the provider cannot be
 * reached, says so and offers a button instead of trying again on its own (no redirect loop).
 */
export function SignInPage({ returnTo }: { returnTo: string }) {
  const session = useAuthSession();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const signIn = () => {
    setFailure(null);
    session
      .signIn(returnTo)
      .catch(() =>
        setFailure('The sign-in service could not be reached. Check the connection and try again.'),
      );
  };

  useEffect(() => {
    // StrictMode mounts twice; one redirect is enough.
    if (started.current) return;
    started.current = true;
    signIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <CenteredPanel title="Sign in">
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Taking you to the sign-in page…</Text>
        </Group>
      )}
      <Button onClick={signIn} w="fit-content">
        Sign in
      </Button>
    </CenteredPanel>
  );
}
