import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from './cache';
import { removeAttachment } from './attachmentsList';

const StepQuery = gql`
  query Step($id: ID!) {
    runStep(id: $id) {
      id
      fields {
        id
        required
        fileAttachmentId
      }
    }
  }
`;

describe('removeAttachment', () => {
  it("empties the evidence slot that held the deleted file, so the slot and its step's count say so at once", () => {
    const cache = createCache();
    const runStep = {
      __typename: 'RunStep',
      id: 4,
      fields: [
        { __typename: 'RunStepField', id: 7, required: true, fileAttachmentId: 70 },
        { __typename: 'RunStepField', id: 8, required: true, fileAttachmentId: 80 },
      ],
    };
    cache.writeQuery({ query: StepQuery, variables: { id: '4' }, data: { runStep } });
    removeAttachment(cache, 900, 70);
    const read = cache.readQuery<{ runStep: typeof runStep }>({ query: StepQuery, variables: { id: '4' } });
    expect(read?.runStep.fields.map((field) => field.fileAttachmentId)).toEqual([null, 80]);
  });
});
