import { useState } from 'react';
import { Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql } from '../../graphql/generated/index.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { isPermissionRefusal, toUserMessage } from '../../graphql/errors.ts';
import { removeAttachment } from '../../graphql/attachmentsList.ts';
import { useViewOnly } from '../../components/viewOnly.tsx';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

export const DeleteAttachmentMutation = graphql(`
  mutation DeleteAttachment($input: DeleteFileAttachmentInput!) {
    deleteFileAttachment(input: $input) {
      fileAttachmentId
      entityId
    }
  }
`);

export interface DeleteTarget {
  id: number;
  filename: string | null;
  entityId: number;
}

interface Props {
  target: DeleteTarget | null;
  recordLabel: string;
  onClose(): void;
  /** After a delete: the row and its button are gone, so the list decides where focus goes. */
  onDeleted?(target: DeleteTarget): void;
}

/** Asks before deleting; the server decides whether the user may, and its refusal is shown here. */
export function DeleteAttachmentDialog({ target, recordLabel, onClose, onDeleted }: Props) {
  const intl = useIntl();
  const [remove, { loading, error, reset }] = useMutation(DeleteAttachmentMutation, {});
  const { markDeleteRefused } = useViewOnly();
  const uploads = useUploadQueue();
  // After a delete the Delete button that opened the dialog is gone: focus goes where the list says.
  const [deleted, setDeleted] = useState<number | null>(null);
  if (target && deleted !== null && target.id !== deleted) setDeleted(null);
  const close = () => {
    reset();
    onClose();
  };
  const confirm = async (current: DeleteTarget) => {
    try {
      await remove({
        variables: { input: { fileAttachmentId: String(current.id), entityId: String(current.entityId) } },
        update: (cache) => removeAttachment(cache, current.entityId, current.id),
      });
      // The upload that attached it leaves the uploads list: it no longer counts as attached there.
      for (const entry of uploads.entriesNow()) {
        if (entry.attachmentId === current.id && entry.state === 'attached') uploads.remove(entry.id);
      }
      setDeleted(current.id);
      close();
      onDeleted?.(current);
    } catch (failure) {
      // The mutation's `error` state carries the message shown in the dialog; a permission refusal
      // also turns the pages view only.
      if (isPermissionRefusal(failure)) markDeleteRefused();
    }
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      onClose={close}
      returnFocus={deleted === null}
      title={intl.formatMessage({ defaultMessage: 'Delete attachment?', id: 'u/JxOo' })}
      closeLabel={intl.formatMessage({ defaultMessage: 'Close without deleting', id: 'AO2NqW' })}
      failure={
        error
          ? {
              title: intl.formatMessage({
                defaultMessage: 'Not deleted',
                id: 'KmZq7M',
                description: 'A delete failed',
              }),
              message: toUserMessage(error),
            }
          : null
      }
      loading={loading}
      onConfirm={() => target && void confirm(target)}
      cancel={
        <FormattedMessage defaultMessage="Cancel" id="1zhA04" description="Button: do not delete the file" />
      }
      confirm={
        <FormattedMessage defaultMessage="Delete" id="JOi5z2" description="Button: delete the file now" />
      }
    >
      <Text style={{ overflowWrap: 'anywhere' }}>
        <FormattedMessage
          defaultMessage="“{filename}” will be removed from {record}. This cannot be undone."
          id="gWYhvb"
          values={{ filename: displayFilename(target?.filename, intl).text, record: recordLabel }}
        />
      </Text>
    </ConfirmDialog>
  );
}
