import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { DiscardQuestion } from './useDiscardQuestion.ts';

interface Props {
  filename: string;
  /** "Attach the original too", when the original is not attached yet. */
  originalChoice: ReactNode;
  hasMarks: boolean;
  saving: boolean;
  question: DiscardQuestion;
  onSave(): void;
}

/** The editor's title with leaving (marks are never discarded without asking) and saving. */
export function MarkupHeader({ filename, originalChoice, hasMarks, saving, question, onSave }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  // The question replaces the control that was pressed (or comes with a scan): focus goes to its answer.
  useEffect(() => {
    if (question.asking) keep.current?.focus();
  }, [question.asking]);
  return (
    <Group justify="space-between" wrap="wrap" px="sm" py={6} gap="xs">
      <Modal.Title fw={700} fz="lg" style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
        Mark up {filename}
      </Modal.Title>
      <Group gap="xs" wrap="wrap" justify="flex-end">
        {originalChoice}
        {question.asking ? (
          <>
            <Text size="sm" role="alert">
              Discard your marks?
            </Text>
            <Button ref={keep} mih={48} variant="default" onClick={question.keep}>
              Keep marking up
            </Button>
            <Button mih={48} color="red" onClick={question.discard}>
              Discard marks
            </Button>
          </>
        ) : (
          <Button mih={48} variant="default" onClick={question.cancel} disabled={saving}>
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
