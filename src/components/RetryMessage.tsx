import { Button, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

interface Props {
  /** Already phrased for the technician (see toUserMessage). */
  message: string;
  onRetry: () => void;
  size?: 'sm' | 'md';
}

/** A failure message with a "Try again" button, for places that show a failed request in place. */
export function RetryMessage({ message, onRetry, size = 'md' }: Props) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text size={size}>{message}</Text>
      <Button size={size} variant="light" color="red" onClick={onRetry}>
        <FormattedMessage
          defaultMessage="Try again"
          id="L1fetX"
          description="Button: repeat the request that failed"
        />
      </Button>
    </Stack>
  );
}
