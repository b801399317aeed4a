import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { defineMessage, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { AttachmentThumbnail } from '../attachments/index.ts';
import { attachmentType, newestAttachments } from '../attachments/index.ts';
import { AttachmentItemFields, RecordAttachmentsFields } from '../attachments/index.ts';
import { TakePhotoButton, useAttachFiles, VoiceNoteButton } from '../upload/index.ts';
import { useUploadsValue } from '../../upload/uploadQueueContext.tsx';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { isFinished, type UploadTarget } from '../../upload/types.ts';
import type { RecordFacts } from '../../records/recordFacts.ts';
import { EvidenceSlotFields } from './evidenceDocuments.ts';
import { isAttached } from './evidenceState.ts';
import { useViewOnly } from '../../components/viewOnly.tsx';
import readable from '../../components/readable.module.css';
import classes from './EvidenceSlot.module.css';

interface Props {
  field: FragmentType<typeof EvidenceSlotFields>;
  /** The step's context line; the slot's uploads are named "<step> · <field>". */
  contextLine: string;
  /** The step's facts: the field's own are added, and its captured files are named from them. */
  facts?: RecordFacts;
  /** Files are being dragged over the page: the slot shows itself as a drop target. */
  dragging: boolean;
}

export type SlotState = 'empty' | 'uploading' | 'attached';

/** What a slot's badge says, by its state (EvidenceSlot.test.tsx reads each). */
const STATE_TEXT: MessageDescriptor = defineMessage({
  defaultMessage: '{state, select, empty {Empty} uploading {Uploading…} attached {Attached} other {}}',
  id: 'RRwdQJ',
  description:
    'The state of an evidence slot: empty is without a file, uploading is its file being sent, attached is its file attached',
});

const STATE_COLOR: Record<SlotState, string> = { empty: 'gray', uploading: 'blue', attached: 'green' };

const SHOWN_THUMBNAILS = 3;

/** One FILE_ATTACHMENT field of a run step: drop, choose or shoot a file straight into it. */
export function EvidenceSlot({ field, contextLine, facts, dragging }: Props) {
  const intl = useIntl();
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

  const { viewOnly } = useViewOnly();
  const { id: fieldId, name } = data;
  // Named like the field's context line: "Run 1 · SN 0041 · Step 4 · CMM report".
  const label = [contextLine, name].join(' · ');
  const target: UploadTarget | null =
    entityId === null
      ? null
      : {
          entityId,
          label,
          record: { kind: 'runStepField', id: fieldId },
          facts: { ...facts, title: name, field: { id: fieldId, name } },
        };
  // The page around the slot is a drop target for the step itself: a drop here is the field's only.
  const files = useAttachFiles(target, { nested: true });

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
      data-drop-target={files.isDragActive}
      {...files.getRootProps({ className: classes.slot })}
    >
      <input
        {...files.getInputProps({ 'aria-hidden': true })}
        data-testid={`evidence-slot-input-${data.id}`}
      />
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700} id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {data.name}
              </Text>
              <Badge color={data.required ? 'red' : 'gray'} variant="light">
                {data.required ? (
                  <FormattedMessage
                    defaultMessage="Required"
                    id="zhSxRc"
                    description="An evidence slot that must get a file"
                  />
                ) : (
                  <FormattedMessage
                    defaultMessage="Optional"
                    id="4Kc7RZ"
                    description="An evidence slot that may stay empty"
                  />
                )}
              </Badge>
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
            {intl.formatMessage(STATE_TEXT, { state })}
          </Badge>
        </Group>
        {attachments.length > 0 && (
          <Group
            gap="xs"
            aria-label={intl.formatMessage(
              {
                defaultMessage: 'Files in {field}',
                id: '225YTS',
                description: 'The files of an evidence slot',
              },
              { field: data.name },
            )}
          >
            {newestAttachments(attachments, SHOWN_THUMBNAILS).map((attachment) => (
              <AttachmentThumbnail
                key={attachment.id}
                type={attachmentType(attachment.contentType, attachment.filename)}
                contentType={attachment.contentType}
                downloadUrl={attachment.downloadUrl}
                attachmentId={attachment.id}
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
              <FormattedMessage
                defaultMessage="{count, plural, one {# file} other {# files}}: open"
                id="4IFu6V"
                description="Link to the page of an evidence slot's files"
                values={{ count: attachments.length }}
              />
            </Anchor>
          </Group>
        )}
        {target && !viewOnly && (
          <Group gap="xs">
            <Button
              size="sm"
              variant="light"
              leftSection={<IconFiles size={18} aria-hidden />}
              aria-label={intl.formatMessage(
                {
                  defaultMessage: 'Choose a file for {field}',
                  id: 'Gqd4JD',
                  description: 'field: an evidence slot',
                },
                { field: data.name },
              )}
              onClick={files.open}
            >
              <FormattedMessage
                defaultMessage="Choose file"
                id="syuncc"
                description="Button: pick a file on this device"
              />
            </Button>
            {/* The same camera as the page's, in the page; the device's camera app only where it cannot run. */}
            <TakePhotoButton
              target={target}
              onFiles={files.attachUnlessDuplicate}
              size="sm"
              label={intl.formatMessage(
                {
                  defaultMessage: 'Take a photo for {field}',
                  id: 'UbJ+Zk',
                  description: 'field: an evidence slot',
                },
                { field: data.name },
              )}
            />
            <VoiceNoteButton
              target={target}
              size="sm"
              label={intl.formatMessage(
                {
                  defaultMessage: 'Record a voice note for {field}',
                  id: 'aB6rqQ',
                  description: 'field: an evidence slot',
                },
                { field: data.name },
              )}
            />
          </Group>
        )}
        {files.notices}
      </Stack>
    </Paper>
  );
}
