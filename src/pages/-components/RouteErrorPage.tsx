import { Alert, Button, Group } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { toUserMessage } from '../../graphql/errors';
import { CenteredPanel } from '../../components/CenteredPanel';

/** Last resort for an error no page handled: the message, a retry and a way home. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  return (
    <CenteredPanel title="This page could not be shown">
      <Alert color="red" role="alert">
        {toUserMessage(error)}
      </Alert>
      <Group>
        <Button onClick={reset}>Try again</Button>
        <Button variant="default" component="a" href="/">
          Go to the start page
        </Button>
      </Group>
    </CenteredPanel>
  );
}
