import { gql } from '@apollo/client';
import { Kind, print, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { attachmentsReadByPanel } from './attachmentsReadByPanel.ts';
import {
  AttachUploadedFileDocument,
  PartRecordDocument,
  RecordAttachmentsFragmentDoc,
} from './generated/graphql.ts';

describe('attachmentsReadByPanel', () => {
  it("marks a query's own attachments spread nonreactive, and leaves spreads inside fragments as they are", () => {
    const query = gql`
      query RunStepRecord($id: ID!) {
        runStep(id: $id) {
          id
          entity {
            id
            ...RecordAttachments
          }
          fields {
            ...EvidenceSlot
          }
        }
      }
      fragment EvidenceSlot on RunStepField {
        id
        entity {
          id
          ...RecordAttachments
        }
      }
      fragment RecordAttachments on Entity {
        id
      }
    `;

    const printed = print(attachmentsReadByPanel.transformDocument(query));

    expect(printed.match(/\.\.\.RecordAttachments @nonreactive/g)).toHaveLength(1);
    expect(printed).toMatch(/fragment EvidenceSlot on RunStepField {[^}]*\.\.\.RecordAttachments\n/);
    expect(printed).toContain('...EvidenceSlot\n');
  });

  it("gives every document one copy of the list's fragments, __typename included", () => {
    const fragments = (document: DocumentNode) =>
      new Map(
        attachmentsReadByPanel
          .transformDocument(document)
          .definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
          .map((definition) => [definition.name.value, definition]),
      );
    const page = fragments(PartRecordDocument);
    const panel = fragments(RecordAttachmentsFragmentDoc);
    const registration = fragments(AttachUploadedFileDocument);

    expect(page.get('RecordAttachments')).toBe(panel.get('RecordAttachments'));
    expect(page.get('AttachmentItem')).toBe(panel.get('AttachmentItem'));
    expect(registration.get('AttachmentItem')).toBe(panel.get('AttachmentItem'));
    expect(page.get('RelatedRuns')).toBe(
      PartRecordDocument.definitions.find((d) => 'name' in d && d.name?.value === 'RelatedRuns'),
    );
    expect(print(page.get('AttachmentItem')!)).toMatch(/createdBy {\n\s+id\n\s+name\n\s+__typename\n/);
  });
});
