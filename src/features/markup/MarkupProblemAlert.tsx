import { Alert, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** What went wrong in the mark-up editor's place (its code or its photo would not open), with a Close button. */
export function MarkupProblemAlert({
  title,
  message,
  onClose,
  maw,
}: {
  title: ReactNode;
  message: ReactNode;
  onClose(): void;
  /** The widest it may be; it fits its words when not given. */
  maw?: number;
}) {
  return (
    <Alert color="red" title={title} role="alert" maw={maw}>
      <Text mb="sm">{message}</Text>
      <Button mih={48} onClick={onClose}>
        <FormattedMessage
          defaultMessage="Close"
          id="b7vEOz"
          description="Button: close a message in place of the mark-up editor"
        />
      </Button>
    </Alert>
  );
}
