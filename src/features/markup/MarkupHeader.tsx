import { Button, Group, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

interface Props {
  filename: string;
  /** "Attach the original too", when the original is not attached yet. */
  originalChoice: ReactNode;
  hasMarks: boolean;
  saving: boolean;
  onCancel(): void;
  onSave(): void;
}

/** The editor's title with leaving (marks are never discarded without asking) and saving. */
export function MarkupHeader({ filename, originalChoice, hasMarks, saving, onCancel, onSave }: Props) {
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  return (
    <Group justify="space-between" wrap="wrap" px="sm" py={6} gap="xs">
      <Modal.Title fw={700} fz="lg" style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
        Mark up {filename}
      </Modal.Title>
      <Group gap="xs" wrap="wrap" justify="flex-end">
        {originalChoice}
        {confirmDiscard ? (
          <>
            <Text size="sm">Discard your marks?</Text>
            <Button mih={48} variant="default" onClick={() => setConfirmDiscard(false)}>
              Keep marking up
            </Button>
            <Button mih={48} color="red" onClick={onCancel}>
              Discard marks
            </Button>
          </>
        ) : (
          <Button
            mih={48}
            variant="default"
            onClick={() => (hasMarks ? setConfirmDiscard(true) : onCancel())}
            disabled={saving}
          >
            Cancel
          </Button>
        )}
        <Button mih={48} onClick={onSave} loading={saving} disabled={!hasMarks}>
          Save marked copy
        </Button>
      </Group>
    </Group>
  );
}
