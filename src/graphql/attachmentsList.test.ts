import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from './cache.ts';
import { attachmentAppender, removeAttachment, wasAttachedHere } from './attachmentsList.ts';

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

describe('wasAttachedHere', () => {
  it("knows this page's own uploads from the moment they are appended, in its own cache only", () => {
    const cache = createCache();
    const appender = attachmentAppender(cache, 0);
    expect(wasAttachedHere(cache, 31)).toBe(false);
    appender.append(5, { __typename: 'FileAttachment', id: 31 });
    expect(wasAttachedHere(cache, 31)).toBe(true);
    expect(wasAttachedHere(cache, 32)).toBe(false);
    expect(wasAttachedHere(createCache(), 31)).toBe(false);
  });
});
