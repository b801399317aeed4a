import { useRef, useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCamera, IconFiles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useDropzone } from 'react-dropzone';
import { AttachmentThumbnail } from '../attachments/index.ts';
import { attachmentType } from '../attachments/index.ts';
import { AttachmentItemFields, RecordAttachmentsFields } from '../attachments/index.ts';
import { readDroppedFiles } from '../upload/index.ts';
import { useUploadQueue, useUploadsValue } from '../../components/uploadQueueContext.tsx';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { isFinished, type UploadTarget } from '../../upload/types.ts';
import { EvidenceSlotFields } from './evidenceDocuments.ts';
import { isAttached } from './evidenceState.ts';
import { useViewOnly } from '../../components/viewOnly.tsx';
import { useDuplicateCheck } from '../upload/index.ts';
import readable from '../../components/readable.module.css';
import classes from './EvidenceSlot.module.css';

interface Props {
  field: FragmentType<typeof EvidenceSlotFields>;
  /** The step's context line; the slot's uploads are named "<step> · <field>". */
  contextLine: string;
  /** Files are being dragged over the page: the slot shows itself as a drop target. */
  dragging: boolean;
}

export type SlotState = 'empty' | 'uploading' | 'attached';

const STATE_TEXT: Record<SlotState, string> = {
  empty: 'Empty',
  uploading: 'Uploading…',
  attached: 'Attached',
};

const STATE_COLOR: Record<SlotState, string> = { empty: 'gray', uploading: 'blue', attached: 'green' };

const SHOWN_THUMBNAILS = 3;

/** One FILE_ATTACHMENT field of a run step: drop, choose or shoot a file straight into it. */
export function EvidenceSlot({ field, contextLine, dragging }: Props) {
  const data = getFragmentData(EvidenceSlotFields, field);
  const entity = data.entity ? getFragmentData(RecordAttachmentsFields, data.entity) : null;
  const attachments = (entity?.fileAttachments ?? []).flatMap((item) =>
    item ? [getFragmentData(AttachmentItemFields, item)] : [],
  );
  const entityId = entity?.id ?? null;
  const uploading = useUploadsValue((entries) =>
    entries.some((entry) => entry.target.entityId === entityId && !isFinished(entry.state)),
  );
  const state: SlotState = uploading
    ? 'uploading'
    : isAttached({ ...data, attachedCount: attachments.length })
      ? 'attached'
      : 'empty';

  const queue = useUploadQueue();
  const { viewOnly } = useViewOnly();
  const [refusals, setRefusals] = useState<string[]>([]);
  const camera = useRef<HTMLInputElement>(null);
  const { id: fieldId, name } = data;
  const target: UploadTarget | null =
    entityId === null
      ? null
      : { entityId, label: `${contextLine} · ${name}`, record: { kind: 'runStepField', id: fieldId } };
  const attach = (files: readonly File[]) => {
    if (!target || files.length === 0) return;
    const { refused } = queue.add(files, target);
    setRefusals(refused.map(({ filename, reason }) => `“${filename}” was not attached: ${reason}`));
  };

  const duplicates = useDuplicateCheck(target);
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    noClick: true,
    noKeyboard: true,
    noPaste: true,
    useFsAccessApi: false,
    // The page around the slot is a drop target for the step itself: a drop here is the field's only.
    noDragEventsBubbling: true,
    disabled: target === null,
    getFilesFromEvent: readDroppedFiles,
    onDrop: (accepted) => duplicates.check(accepted, attach),
  });

  const headingId = `evidence-slot-${data.id}`;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby={headingId}
      data-testid="evidence-slot"
      data-state={state}
      data-dragging={dragging}
      data-drop-target={isDragActive}
      {...getRootProps({ className: classes.slot })}
    >
      <input {...getInputProps({ 'aria-hidden': true })} data-testid={`evidence-slot-input-${data.id}`} />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={`Take a photo for ${data.name}`}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          duplicates.check(files, attach);
        }}
      />
      {duplicates.prompt}
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700} id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {data.name}
              </Text>
              {data.required ? (
                <Badge color="red" variant="light">
                  Required
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  Optional
                </Badge>
              )}
            </Group>
            {data.helpText && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {data.helpText}
              </Text>
            )}
          </Stack>
          {/* Never squeezed by a long help text: "Em…" says nothing. */}
          <Badge
            color={STATE_COLOR[state]}
            variant="filled"
            data-testid="evidence-slot-state"
            style={{ flexShrink: 0 }}
          >
            {STATE_TEXT[state]}
          </Badge>
        </Group>
        {attachments.length > 0 && (
          <Group gap="xs" aria-label={`Files in ${data.name}`}>
            {attachments
              .slice(-SHOWN_THUMBNAILS)
              .reverse()
              .map((attachment) => (
                <AttachmentThumbnail
                  key={attachment.id}
                  type={attachmentType(attachment.contentType, attachment.filename)}
                  contentType={attachment.contentType}
                  downloadUrl={attachment.downloadUrl}
                />
              ))}
            <Anchor
              className={readable.link}
              renderRoot={(props) => (
                <Link {...props} to="/run-step-fields/$id" params={{ id: String(data.id) }} />
              )}
              mih={44}
              display="inline-flex"
              style={{ alignItems: 'center' }}
            >
              {attachments.length === 1 ? '1 file' : `${attachments.length} files`}: open
            </Anchor>
          </Group>
        )}
        {target && !viewOnly && (
          <Group gap="xs">
            <Button
              size="sm"
              variant="light"
              leftSection={<IconFiles size={18} aria-hidden />}
              aria-label={`Choose a file for ${data.name}`}
              onClick={open}
            >
              Choose file
            </Button>
            <Button
              size="sm"
              variant="default"
              leftSection={<IconCamera size={18} aria-hidden />}
              aria-label={`Take a photo for ${data.name}`}
              onClick={() => camera.current?.click()}
            >
              Take photo
            </Button>
          </Group>
        )}
        {refusals.map((message) => (
          <Text key={message} size="sm" c="red" role="alert">
            {message}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
