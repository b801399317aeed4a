import { Alert, Button, Group } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { toUserMessage } from '../../graphql/errors.ts';
import { CenteredPanel } from '../../components/CenteredPanel.tsx';

/** Last resort for an error no page handled: the message, a retry and a way home. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const intl = useIntl();
  return (
    <CenteredPanel
      title={intl.formatMessage({ defaultMessage: 'This page could not be shown', id: '6rn3wY' })}
    >
      <Alert color="red" role="alert">
        {toUserMessage(error)}
      </Alert>
      <Group>
        <Button onClick={reset}>
          <FormattedMessage defaultMessage="Try again" id="FazwRl" />
        </Button>
        <Button variant="default" component="a" href="/">
          <FormattedMessage defaultMessage="Go to the start page" id="zI4VpE" />
        </Button>
      </Group>
    </CenteredPanel>
  );
}
