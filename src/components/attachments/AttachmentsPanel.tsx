import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { AttachmentRow } from './AttachmentRow.tsx';
import { AttachmentPreviewModal, type PreviewTarget } from './AttachmentPreviewModal.tsx';
import { DeleteAttachmentDialog, type DeleteTarget } from './DeleteAttachmentDialog.tsx';
import { AttachmentItemFields, RecordAttachmentsFields } from './attachmentDocuments.ts';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import readable from '../records/readable.module.css';

interface Props {
  entity: FragmentType<typeof RecordAttachmentsFields>;
  /** How the record is named in sentences, e.g. "run 42". */
  recordLabel: string;
}

/** The attachments of any kind of record: list, preview, download and delete. */
export function AttachmentsPanel({ entity, recordLabel }: Props) {
  const data = getFragmentData(RecordAttachmentsFields, entity);
  const attachments = (data.fileAttachments ?? []).flatMap((item) =>
    item ? [getFragmentData(AttachmentItemFields, item)] : [],
  );
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);

  return (
    <Stack component="section" aria-labelledby="attachments-heading" gap="sm">
      <Title order={2} size="h3" id="attachments-heading">
        Attachments ({attachments.length})
      </Title>
      {attachments.length === 0 ? (
        <Text className={readable.muted}>No files attached yet. Drop files on this page to attach them.</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Files of ${recordLabel}`}
        >
          {attachments.map((attachment) => (
            <AttachmentRow
              key={attachment.id}
              attachment={attachment}
              entityId={data.id}
              onPreview={setPreview}
              onDelete={setDeleting}
            />
          ))}
        </Stack>
      )}
      <AttachmentPreviewModal target={preview} onClose={() => setPreview(null)} />
      <DeleteAttachmentDialog target={deleting} recordLabel={recordLabel} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
