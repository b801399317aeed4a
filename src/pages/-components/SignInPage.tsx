import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuthSession } from '../../auth/AuthContext.tsx';
import { CenteredPanel } from '../../components/CenteredPanel.tsx';
import { SignInProgress } from './SignInProgress.tsx';

/**
 * Reached from the guard: goes straight on to the identity provider. If the provider cannot be
 * reached, says so and offers a button instead of trying again on its own (no redirect loop).
 * Reached right after a sign-out on this tablet (`signedOut`), it says so and waits for the next
 * person. While an earlier sign-out could not end the provider's session, it says the next sign-in
 * asks for a password.
 */
export function SignInPage({ returnTo, signedOut = false }: { returnTo: string; signedOut?: boolean }) {
  const intl = useIntl();
  const session = useAuthSession();
  /** Set when the identity provider could not be reached. */
  const [failure, setFailure] = useState(false);
  const started = useRef(false);
  const asksPassword = session.providerSessionToEnd();

  const signIn = () => {
    setFailure(false);
    session.signIn(returnTo).catch(() => setFailure(true));
  };

  useEffect(() => {
    // StrictMode mounts twice; one redirect is enough. After a sign-out the next person starts it.
    if (started.current || signedOut) return;
    started.current = true;
    signIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <CenteredPanel
      title={
        signedOut
          ? intl.formatMessage({ defaultMessage: 'Signed out', id: 'MG7RET', description: 'Page title' })
          : intl.formatMessage({ defaultMessage: 'Sign in', id: 'ovcJ8l', description: 'Page title' })
      }
    >
      {signedOut && !failure && (
        <Alert color="green" role="status">
          <FormattedMessage defaultMessage="You are signed out of this tablet." id="+90Qzv" />
        </Alert>
      )}
      {asksPassword && (
        <Text>
          <FormattedMessage
            defaultMessage="The sign-in service could not be reached to end the last session there too, so the next sign-in on this tablet asks for a password."
            id="yolHob"
          />
        </Text>
      )}
      <SignInProgress
        failed={failure}
        failure={
          <FormattedMessage
            defaultMessage="The sign-in service could not be reached. Check the connection and try again."
            id="28pg9y"
          />
        }
        busy={!signedOut && <FormattedMessage defaultMessage="Taking you to the sign-in page…" id="WzDQOg" />}
      />
      <Button onClick={signIn} w="fit-content">
        <FormattedMessage defaultMessage="Sign in" id="A4YuBm" description="Button" />
      </Button>
    </CenteredPanel>
  );
}
