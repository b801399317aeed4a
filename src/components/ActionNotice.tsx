import type { ReactNode } from 'react';
import { Alert, Group, Stack, Text, type AlertProps } from '@mantine/core';

interface Props extends Omit<AlertProps, 'children'> {
  /** The notice's sentence. */
  children: ReactNode;
  /** The one thing to do about it (a button); without it the sentence stands alone. */
  action?: ReactNode;
  /** The action under the sentence, not beside it: for a sentence too long to share its row. */
  stacked?: boolean;
}

/** A notice (an alert) that says one thing in a short sentence and offers the action that answers it. */
export function ActionNotice({ children, action, stacked = false, ...alert }: Props) {
  const sentence = <Text size="sm">{children}</Text>;
  return (
    <Alert {...alert}>
      {stacked ? (
        <Stack gap="xs" align="flex-start">
          {sentence}
          {action}
        </Stack>
      ) : (
        <Group justify="space-between" wrap="wrap" gap="sm">
          {sentence}
          {action}
        </Group>
      )}
    </Alert>
  );
}
