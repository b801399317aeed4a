import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/**
 * A dialog's footer, the same in every dialog: the way back out (a plain button, "Cancel" unless the
 * dialog names it better, e.g. "Keep them"), then the dialog's own action (`children`), at the end.
 */
export function DialogActions({
  onCancel,
  cancel,
  children,
}: {
  onCancel(): void;
  /** The way out's words; "Cancel" when not given. */
  cancel?: ReactNode;
  /** The dialog's action: a submit button, or one with its own onClick. */
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancel ?? (
          <FormattedMessage
            defaultMessage="Cancel"
            id="oFp/Qw"
            description="Button: close a form without doing anything"
          />
        )}
      </Button>
      {children}
    </Group>
  );
}
