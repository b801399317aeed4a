import { Alert, Button, Group, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuthSession, useAuthState } from '../../auth/AuthContext';

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
    <Alert
      color="orange"
      role="alert"
      mb="md"
      title={intl.formatMessage({ defaultMessage: 'Your session ended', id: 'HVR09O' })}
    >
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          <FormattedMessage
            defaultMessage="Sign in again to keep working. You will come back to this page."
            id="hhWEvm"
          />
        </Text>
        <Button onClick={() => void session.signIn(href)}>
          <FormattedMessage defaultMessage="Sign in again" id="scfgdM" />
        </Button>
      </Group>
    </Alert>
  );
}
