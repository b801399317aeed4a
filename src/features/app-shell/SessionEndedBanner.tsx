import { Button } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuthSession, useAuthState } from '../../auth/AuthContext.tsx';
import { ActionNotice } from '../../components/ActionNotice.tsx';

/**
 * Shown above the page when the token could not be renewed. The page stays as it is (nothing typed
 * or queued is lost); signing in again returns to this same page.
 */
export function SessionEndedBanner() {
  const intl = useIntl();
  const session = useAuthSession();
  const { status } = useAuthState();
  const href = useLocation({ select: (location) => location.href });
  if (status !== 'session-ended') return null;
  return (
    <ActionNotice
      color="orange"
      role="alert"
      mb="md"
      title={intl.formatMessage({ defaultMessage: 'Your session ended', id: 'HVR09O' })}
      action={
        <Button onClick={() => void session.signIn(href)}>
          <FormattedMessage defaultMessage="Sign in again" id="scfgdM" />
        </Button>
      }
    >
      <FormattedMessage
        defaultMessage="Sign in again to keep working. You will come back to this page."
        id="hhWEvm"
      />
    </ActionNotice>
  );
}
