import { graphql } from '../../graphql/generated/index.ts';

/** One FILE_ATTACHMENT field as an evidence slot: what it asks for and what it holds. */
export const EvidenceSlotFields = graphql(`
  fragment EvidenceSlot on RunStepField {
    id
    name
    type
    required
    helpText
    fileAttachmentId
    entity {
      id
      ...RecordAttachments
    }
  }
`);

/** A run's step with what the run page needs to say which evidence it still misses. */
export const StepEvidenceFields = graphql(`
  fragment StepEvidence on RunStep {
    id
    title
    status
    position
    fields {
      id
      type
      required
      fileAttachmentId
    }
  }
`);
