import type { ReactNode } from 'react';
import { Alert, Button, Modal, Stack } from '@mantine/core';
import { DialogActions } from './DialogActions.tsx';

interface Props {
  opened: boolean;
  onClose(): void;
  title: string;
  /** The close button's name, e.g. "Close without deleting". */
  closeLabel: string;
  /** The way out's words, e.g. "Keep them". */
  cancel: ReactNode;
  /** The red button's words, e.g. "Delete". */
  confirm: ReactNode;
  onConfirm(): void;
  /** While the action runs. */
  loading?: boolean;
  /** Why the last try failed, said above the buttons; null until one has. */
  failure: { title?: string; message: string } | null;
  /** Whether focus goes back to what opened the dialog (not when the action removed it). */
  returnFocus?: boolean;
  centered?: boolean;
  /** What the action does, in a sentence; drawn only while the dialog is open. */
  children: ReactNode;
}

/** Asks before an action that cannot be undone: what it does, its failure if it failed, a way out and the red button. */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  closeLabel,
  cancel,
  confirm,
  onConfirm,
  loading,
  failure,
  returnFocus,
  centered,
  children,
}: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      returnFocus={returnFocus}
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      centered={centered}
    >
      {opened && (
        <Stack>
          {children}
          {failure && (
            <Alert color="red" title={failure.title} role="alert">
              {failure.message}
            </Alert>
          )}
          <DialogActions onCancel={onClose} cancel={cancel}>
            <Button color="red" loading={loading} onClick={onConfirm}>
              {confirm}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </Modal>
  );
}
