import { memo } from 'react';
import { useIntl } from 'react-intl';
import { AttachmentName } from './AttachmentName.tsx';
import { AttachmentThumbnail } from './AttachmentThumbnail.tsx';
import { attachmentType } from './attachmentType.ts';
import { previewTarget } from './previewTarget.ts';
import type { PreviewTarget } from './AttachmentPreviewModal.tsx';
import type { DeleteTarget } from '../delete-attachment/index.ts';
import { formatAddedAt } from './attachmentSort.ts';
import { formatBytes } from '../../upload/formatBytes.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { FileActionButton } from './FileActionButton.tsx';
import type { AttachmentItemFragment } from '../../graphql/generated/graphql.ts';
import { canMarkUp } from '../markup/index.ts';
import type { MarkUpTarget } from './MarkUpAttachment.tsx';
import { preloadMarkupEditor } from '../markup/index.ts';
import classes from './AttachmentRow.module.css';
import plain from '../../components/plain.module.css';

interface Props {
  attachment: AttachmentItemFragment;
  /** The record's entity, which a delete names. */
  entityId: number;
  /** Bytes, when this device uploaded the file (the API does not say). */
  size?: number;
  /** Arrived since the record was opened, added by someone else or elsewhere: marked "New". */
  isNew?: boolean;
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
 * Its layout is plain elements and its CSS module, not Mantine's Paper, Group, Stack and Text: a batch
 * landing draws dozens of rows, and those components' style props were much of each row's render.
 */
export const AttachmentRow = memo(function AttachmentRow({
  attachment,
  entityId,
  size,
  isNew = false,
  canDelete = true,
  onPreview,
  onDelete,
  onMarkUp,
}: Props) {
  const intl = useIntl();
  const type = attachmentType(attachment.contentType, attachment.filename);
  const preview = previewTarget(attachment);
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
    <li
      className={`${plain.paper} ${classes.row}`}
      data-testid="attachment-row"
      data-attachment-id={attachment.id}
      data-new={isNew || undefined}
    >
      <div className={classes.layout}>
        <AttachmentThumbnail
          type={type}
          contentType={attachment.contentType}
          downloadUrl={attachment.downloadUrl}
          attachmentId={attachment.id}
        />
        <div className={classes.body}>
          {isNew && (
            <span className={classes.newMark} data-testid="new-mark">
              {intl.formatMessage(
                {
                  defaultMessage: '{hasName, select, yes {New from {name}} other {New}}',
                  id: 'SEOqHK',
                  description:
                    'Marks a file that arrived on an open record page since it was opened (a colleague attached it), with who added it when known',
                },
                {
                  hasName: attachment.createdBy?.name ? 'yes' : 'no',
                  name: attachment.createdBy?.name ?? '',
                },
              )}
            </span>
          )}
          <AttachmentName filename={attachment.filename} />
          <p className={`${plain.sm} ${plain.dimmed} ${classes.meta}`}>{meta.join(' · ')}</p>
          <div className={classes.actions}>
            {preview && (
              <FileActionButton
                action="preview"
                filename={attachment.filename}
                onClick={() => onPreview(preview)}
              />
            )}
            {onMarkUp && canMarkUp(attachment.contentType) && (
              <FileActionButton
                action="markUp"
                filename={attachment.filename}
                onClick={() => onMarkUp({ id: attachment.id, filename: attachment.filename })}
                {...preloadMarkupEditor}
              />
            )}
            <DownloadButton attachment={attachment} />
            {canDelete && (
              <FileActionButton
                action="delete"
                variant="subtle"
                color="red"
                filename={attachment.filename}
                onClick={() => onDelete({ id: attachment.id, filename: attachment.filename, entityId })}
              />
            )}
          </div>
        </div>
      </div>
    </li>
  );
});
