import { SimpleGrid, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RecordFacts } from '../../records/recordFacts.ts';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { RecordAttachmentsFields } from '../attachments/index.ts';
import { usePageFileDrag } from '../upload/index.ts';
import { EvidenceSlot } from './EvidenceSlot.tsx';
import { EvidenceSlotFields } from './evidenceDocuments.ts';
import classes from './EvidenceSlot.module.css';
import { missesEvidence, slotOrder, summarise, summaryText } from './evidenceState.ts';

interface Props {
  fields: readonly FragmentType<typeof EvidenceSlotFields>[];
  /** The step's context line, e.g. "Run 1 · SN 0041 · Step 4". */
  contextLine: string;
  /** The step's facts (serial, run, position): a slot's captured files are named from them. */
  facts?: RecordFacts;
}

/** A run step's evidence: its FILE_ATTACHMENT fields as slots, required first, with how many are filled. */
export function EvidenceSlots({ fields, contextLine, facts }: Props) {
  const intl = useIntl();
  const dragging = usePageFileDrag();
  const slots = slotOrder(
    fields.map((field) => {
      const data = getFragmentData(EvidenceSlotFields, field);
      const entity = data.entity ? getFragmentData(RecordAttachmentsFields, data.entity) : null;
      const attachedCount = (entity?.fileAttachments ?? []).filter((item) => item !== null).length;
      return {
        field,
        type: data.type,
        required: data.required,
        fileAttachmentId: data.fileAttachmentId,
        attachedCount,
      };
    }),
  );
  if (slots.length === 0) return null;
  const summary = summarise(slots);
  return (
    <HeadedSection
      gap="xs"
      heading={
        <FormattedMessage
          defaultMessage="Evidence"
          id="maAIVk"
          description="Heading: the files a run step asks for"
        />
      }
    >
      <Text
        fw={600}
        className={missesEvidence(summary) ? classes.missing : classes.complete}
        data-testid="evidence-summary"
        role="status"
      >
        {summaryText(summary, intl)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {slots.map(({ field }) => (
          <EvidenceSlot
            key={getFragmentData(EvidenceSlotFields, field).id}
            field={field}
            contextLine={contextLine}
            facts={facts}
            dragging={dragging}
          />
        ))}
      </SimpleGrid>
    </HeadedSection>
  );
}
