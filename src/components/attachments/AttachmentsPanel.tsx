import { memo, useDeferredValue, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { AttachmentRow } from './AttachmentRow.tsx';
import { AttachmentPreviewModal, type PreviewTarget } from './AttachmentPreviewModal.tsx';
import { DeleteAttachmentDialog, type DeleteTarget } from '../shared/DeleteAttachmentDialog.tsx';
import { AttachmentItemFields, RecordAttachmentsFields } from './attachmentDocuments.ts';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import type { RecordAttachmentsFragment } from '../../graphql/generated/graphql.ts';
import readable from '../shared/readable.module.css';
import { MarkUpAttachment, type MarkUpTarget } from './MarkUpAttachment.tsx';
import { useRecordUploadTarget } from '../upload/index.ts';

interface Props {
  entity: FragmentType<typeof RecordAttachmentsFields>;
  /** How the record is named in sentences, e.g. "run 42". */
  recordLabel: string;
}

type Items = NonNullable<RecordAttachmentsFragment['fileAttachments']>;

/** The attachments of any kind of record: list, preview, download and delete. */
export function AttachmentsPanel({ entity, recordLabel }: Props) {
  const data = getFragmentData(RecordAttachmentsFields, entity);
  // A drop of many files attaches several per frame: the list catches up in the background with the
  // latest of them, instead of rendering once per attach while uploads wait for the main thread.
  const items = useDeferredValue(data.fileAttachments ?? []);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [markingUp, setMarkingUp] = useState<MarkUpTarget | null>(null);
  const uploadTarget = useRecordUploadTarget();
  const onMarkUp = uploadTarget ? setMarkingUp : undefined;

  return (
    <Stack component="section" aria-labelledby="attachments-heading" gap="sm">
      <Title order={2} size="h3" id="attachments-heading">
        Attachments ({items.filter((item) => item !== null).length})
      </Title>
      {items.length === 0 ? (
        <Text className={readable.muted}>No files attached yet. Drop files on this page to attach them.</Text>
      ) : (
        <AttachmentList
          items={items}
          entityId={data.id}
          label={`Files of ${recordLabel}`}
          onPreview={setPreview}
          onDelete={setDeleting}
          onMarkUp={onMarkUp}
        />
      )}
      <AttachmentPreviewModal
        target={preview}
        onClose={() => setPreview(null)}
        onMarkUp={
          onMarkUp &&
          ((target) => {
            setPreview(null);
            onMarkUp(target);
          })
        }
      />
      {markingUp && uploadTarget && (
        <MarkUpAttachment attachment={markingUp} record={uploadTarget} onClose={() => setMarkingUp(null)} />
      )}
      <DeleteAttachmentDialog target={deleting} recordLabel={recordLabel} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

interface ListProps {
  items: Items;
  entityId: number;
  label: string;
  onPreview(target: PreviewTarget): void;
  onDelete(target: DeleteTarget): void;
  onMarkUp?(target: MarkUpTarget): void;
}

/** Memoised: renders when the (deferred) list changes, not whenever the record page does. */
const AttachmentList = memo(function AttachmentList({
  items,
  entityId,
  label,
  onPreview,
  onDelete,
  onMarkUp,
}: ListProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item) => {
        if (!item) return null;
        const attachment = getFragmentData(AttachmentItemFields, item);
        return (
          <AttachmentRow
            key={attachment.id}
            attachment={attachment}
            entityId={entityId}
            onPreview={onPreview}
            onDelete={onDelete}
            onMarkUp={onMarkUp}
          />
        );
      })}
    </Stack>
  );
});
