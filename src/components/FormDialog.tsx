import type { FormEvent, ReactNode } from 'react';
import { Button, Modal, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { DialogActions } from './DialogActions.tsx';

/**
 * A small form in a dialog (rename a file, move it to another record): its fields, then Cancel and
 * the submit button. Enter in a field submits; the field marked `data-autofocus` takes the focus.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  submit,
  onSubmit,
  zIndex,
  children,
}: {
  opened: boolean;
  onClose(): void;
  title: string;
  /** The submit button's words, e.g. "Move and send". */
  submit: ReactNode;
  onSubmit(event: FormEvent): void;
  /** Above a notification that opens the dialog, so it never covers the form. */
  zIndex?: number;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ defaultMessage: 'Close', id: 'rbrahO' }) }}
      centered
      zIndex={zIndex}
    >
      <form onSubmit={onSubmit}>
        <Stack>
          {children}
          <DialogActions onCancel={onClose}>
            <Button type="submit">{submit}</Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
