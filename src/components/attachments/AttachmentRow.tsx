import { memo } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { AttachmentName } from './AttachmentName.tsx';
import { AttachmentThumbnail } from './AttachmentThumbnail.tsx';
import { attachmentType, canPreview } from './attachmentType.ts';
import type { PreviewTarget } from './AttachmentPreviewModal.tsx';
import type { DeleteTarget } from '../shared/DeleteAttachmentDialog.tsx';
import { displayFilename } from '../shared/displayFilename.ts';
import { DownloadButton } from './DownloadButton.tsx';
import type { AttachmentItemFragment } from '../../graphql/generated/graphql.ts';
import readable from '../shared/readable.module.css';
import { canMarkUp } from '../markup/index.ts';
import type { MarkUpTarget } from './MarkUpAttachment.tsx';
import { preloadMarkupEditor } from '../markup/index.ts';
import classes from './AttachmentRow.module.css';

interface Props {
  attachment: AttachmentItemFragment;
  /** The record's entity, which a delete names. */
  entityId: number;
  onPreview(target: PreviewTarget): void;
  onDelete(target: DeleteTarget): void;
  /** Given where a marked-up copy can be attached (a record page). */
  onMarkUp?(target: MarkUpTarget): void;
}

/**
 * Memoised: an upload appends one attachment to a list that may hold hundreds, and only the new row
 * should render (Apollo keeps unchanged items' objects, and the panel hands over its state setters).
 */
export const AttachmentRow = memo(function AttachmentRow({
  attachment,
  entityId,
  onPreview,
  onDelete,
  onMarkUp,
}: Props) {
  const type = attachmentType(attachment.contentType, attachment.filename);
  const name = displayFilename(attachment.filename).text;

  return (
    <Paper component="li" withBorder p="sm" className={classes.row} data-testid="attachment-row">
      <Group wrap="nowrap" align="flex-start">
        <AttachmentThumbnail
          type={type}
          contentType={attachment.contentType}
          downloadUrl={attachment.downloadUrl}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <AttachmentName filename={attachment.filename} />
          <Text size="sm" className={readable.muted} style={{ overflowWrap: 'anywhere' }}>
            {attachment.contentType || 'Unknown type'}
            {attachment._created && ` · added ${new Date(attachment._created).toLocaleString()}`}
          </Text>
          <Group gap="xs" mt={4} align="flex-start">
            {canPreview(type, attachment.contentType) && (
              <Button
                variant="light"
                size="sm"
                mih={44}
                leftSection={<IconEye size={18} aria-hidden="true" />}
                aria-label={`Preview ${name}`}
                onClick={() =>
                  onPreview({
                    id: attachment.id,
                    filename: attachment.filename,
                    type: type === 'pdf' ? 'pdf' : 'image',
                  })
                }
              >
                Preview
              </Button>
            )}
            {onMarkUp && canMarkUp(attachment.contentType) && (
              <Button
                variant="light"
                size="sm"
                mih={44}
                leftSection={<IconPencil size={18} aria-hidden="true" />}
                aria-label={`Mark up ${name}`}
                onClick={() => onMarkUp({ id: attachment.id, filename: attachment.filename })}
                {...preloadMarkupEditor}
              >
                Mark up
              </Button>
            )}
            <DownloadButton attachment={attachment} />
            <Button
              variant="subtle"
              color="red"
              size="sm"
              mih={44}
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              aria-label={`Delete ${name}`}
              onClick={() => onDelete({ id: attachment.id, filename: attachment.filename, entityId })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
});
