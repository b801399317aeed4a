import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
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
        <FormattedMessage
          defaultMessage="Mark up {filename}"
          id="6XIKkc"
          description="Title of the editor that draws on a copy of a photo"
          values={{ filename }}
        />
      </Modal.Title>
      <Group gap="xs" wrap="wrap" justify="flex-end">
        {originalChoice}
        {question.asking ? (
          <>
            <Text size="sm" role="alert">
              <FormattedMessage defaultMessage="Discard your marks?" id="k94Bx3" />
            </Text>
            <Button ref={keep} mih={48} variant="default" onClick={question.keep}>
              <FormattedMessage defaultMessage="Keep marking up" id="85sRB/" />
            </Button>
            <Button mih={48} color="red" onClick={question.discard}>
              <FormattedMessage defaultMessage="Discard marks" id="yNaXmg" />
            </Button>
          </>
        ) : (
          <Button mih={48} variant="default" onClick={question.cancel} disabled={saving}>
            <FormattedMessage
              defaultMessage="Cancel"
              id="bRt/Cn"
              description="Button: leave the mark-up editor"
            />
          </Button>
        )}
        <Button mih={48} onClick={onSave} loading={saving} disabled={!hasMarks}>
          <FormattedMessage defaultMessage="Save marked copy" id="Xfvttu" />
        </Button>
      </Group>
    </Group>
  );
}
