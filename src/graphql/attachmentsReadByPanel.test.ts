import { gql } from '@apollo/client';
import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { attachmentsReadByPanel } from './attachmentsReadByPanel.ts';

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
});
