import { memo, useEffect, useRef } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AttachmentName } from './AttachmentName.tsx';
import { AttachmentThumbnail } from './AttachmentThumbnail.tsx';
import { attachmentType } from './attachmentType.ts';
import { previewTarget } from './previewTarget.ts';
import type { PreviewTarget } from './AttachmentPreviewModal.tsx';
import type { DeleteTarget } from '../../components/DeleteAttachmentDialog.tsx';
import { displayFilename } from '../../components/displayFilename.ts';
import { formatAddedAt } from './attachmentSort.ts';
import { formatBytes } from '../../upload/formatBytes.ts';
import { DownloadButton } from './DownloadButton.tsx';
import type { AttachmentItemFragment } from '../../graphql/generated/graphql.ts';
import { canMarkUp } from '../markup/index.ts';
import type { MarkUpTarget } from './MarkUpAttachment.tsx';
import { preloadMarkupEditor } from '../markup/index.ts';
import classes from './AttachmentRow.module.css';

interface Props {
  attachment: AttachmentItemFragment;
  /** The record's entity, which a delete names. */
  entityId: number;
  /** Bytes, when this device uploaded the file (the API does not say). */
  size?: number;
  /** Just attached from this device: brought into view. */
  latest?: boolean;
  /** False once the server refused this user a delete or attach: the button would only fail. */
  canDelete?: boolean;
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
  size,
  latest = false,
  canDelete = true,
  onPreview,
  onDelete,
  onMarkUp,
}: Props) {
  const intl = useIntl();
  const type = attachmentType(attachment.contentType, attachment.filename);
  const name = displayFilename(attachment.filename, intl).text;
  const preview = previewTarget(attachment);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (latest) row.current?.scrollIntoView({ block: 'nearest' });
  }, [latest]);
  const addedAt = formatAddedAt(attachment._created, intl);
  const meta = [
    attachment.contentType ||
      intl.formatMessage({
        defaultMessage: 'Unknown type',
        id: 'Oqh7Ua',
        description: 'A file whose type is not known',
      }),
    size !== undefined ? formatBytes(size) : null,
    attachment.createdBy?.name
      ? intl.formatMessage(
          {
            defaultMessage: 'added by {name}',
            id: 'TS2q/F',
            description: 'Who attached a file, after its type and size',
          },
          { name: attachment.createdBy.name },
        )
      : null,
    addedAt,
  ].filter(Boolean);

  return (
    <Paper
      component="li"
      ref={row}
      withBorder
      p="sm"
      className={classes.row}
      data-testid="attachment-row"
      data-latest={latest || undefined}
    >
      <Group wrap="nowrap" align="flex-start">
        <AttachmentThumbnail
          type={type}
          contentType={attachment.contentType}
          downloadUrl={attachment.downloadUrl}
          attachmentId={attachment.id}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <AttachmentName filename={attachment.filename} />
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {meta.join(' · ')}
          </Text>
          <Group gap="xs" mt={4} align="flex-start">
            {preview && (
              <Button
                variant="light"
                size="sm"
                leftSection={<IconEye size={18} aria-hidden="true" />}
                aria-label={intl.formatMessage(
                  {
                    defaultMessage: 'Preview {filename}',
                    id: 'C8h70t',
                    description: 'Button: show the file in the app',
                  },
                  { filename: name },
                )}
                onClick={() => onPreview(preview)}
              >
                <FormattedMessage
                  defaultMessage="Preview"
                  id="0YIR93"
                  description="Button: show the file in the app"
                />
              </Button>
            )}
            {onMarkUp && canMarkUp(attachment.contentType) && (
              <Button
                variant="light"
                size="sm"
                leftSection={<IconPencil size={18} aria-hidden="true" />}
                aria-label={intl.formatMessage(
                  {
                    defaultMessage: 'Mark up {filename}',
                    id: '7h2QB7',
                    description: 'Button: draw on a copy of the photo',
                  },
                  { filename: name },
                )}
                onClick={() => onMarkUp({ id: attachment.id, filename: attachment.filename })}
                {...preloadMarkupEditor}
              >
                <FormattedMessage
                  defaultMessage="Mark up"
                  id="nWYP1w"
                  description="Button: draw on a copy of the photo"
                />
              </Button>
            )}
            <DownloadButton attachment={attachment} />
            {canDelete && (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                leftSection={<IconTrash size={18} aria-hidden="true" />}
                aria-label={intl.formatMessage(
                  {
                    defaultMessage: 'Delete {filename}',
                    id: 'Y35ujp',
                    description: 'Button: delete an attached file',
                  },
                  { filename: name },
                )}
                onClick={() => onDelete({ id: attachment.id, filename: attachment.filename, entityId })}
              >
                <FormattedMessage
                  defaultMessage="Delete"
                  id="3XcSV5"
                  description="Button: delete an attached file"
                />
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
});
