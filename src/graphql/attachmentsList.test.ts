import { gql } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from './cache.ts';
import { attachmentAppender, NEWER_HERE_MS, removeAttachment, wasAttachedHere } from './attachmentsList.ts';

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

const RunFiles = gql`
  query RunFiles {
    run(id: 3) {
      id
      entity {
        id
        fileAttachments {
          id
          filename
        }
      }
    }
  }
`;

const RunFilesUnderKey = gql`
  query RunFilesUnderKey {
    run(id: 3) {
      id
      entity {
        id
        fileAttachments(filters: { s3Key: { eq: "k/9" } }) {
          id
          filename
        }
      }
    }
  }
`;

const file = (id: number) => ({ __typename: 'FileAttachment', id, filename: `f${id}.txt` });
const FileFields = gql`
  fragment FileFields on FileAttachment {
    id
    filename
  }
`;
const run3 = (files: ReturnType<typeof file>[]) => ({
  run: { __typename: 'Run', id: 3, entity: { __typename: 'Entity', id: 900, fileAttachments: files } },
});
const listed = (cache: ReturnType<typeof createCache>, query = RunFiles) =>
  cache
    .readQuery<ReturnType<typeof run3>>({ query })
    ?.run.entity.fileAttachments.map((item) => item.filename);

describe('a fresh list from the server', () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the files this page attached after it was asked for, and takes the server's word on the rest", () => {
    const cache = createCache();
    cache.writeQuery({ query: RunFiles, data: run3([file(1), file(2)]) });
    const appender = attachmentAppender(cache, 0, { fragment: FileFields });
    appender.append(900, file(3));
    appender.publish();
    expect(listed(cache)).toEqual(['f1.txt', 'f2.txt', 'f3.txt']);

    // Asked for before file 3 was registered, answered after it was listed: file 2 was deleted elsewhere.
    cache.writeQuery({ query: RunFiles, data: run3([file(1)]) });

    expect(listed(cache)).toEqual(['f1.txt', 'f3.txt']);
    // Once the server lists it, in its place.
    cache.writeQuery({ query: RunFiles, data: run3([file(3), file(1)]) });
    expect(listed(cache)).toEqual(['f3.txt', 'f1.txt']);
  });

  it("lets a file attached here go once it is no longer new: a list without it then is the server's word", () => {
    const cache = createCache();
    cache.writeQuery({ query: RunFiles, data: run3([file(1)]) });
    const appender = attachmentAppender(cache, 0, { fragment: FileFields });
    appender.append(900, file(3));
    appender.publish();
    const attachedAt = Date.now();

    vi.spyOn(Date, 'now').mockReturnValue(attachedAt + NEWER_HERE_MS);
    cache.writeQuery({ query: RunFiles, data: run3([file(1)]) });

    expect(listed(cache)).toEqual(['f1.txt']);
  });

  it('under one storage key is the answer to that question alone', () => {
    const cache = createCache();
    cache.writeQuery({ query: RunFilesUnderKey, data: run3([file(3)]) });
    attachmentAppender(cache, 0).append(900, file(3));

    cache.writeQuery({ query: RunFilesUnderKey, data: run3([]) });

    expect(listed(cache, RunFilesUnderKey)).toEqual([]);
  });

  it("is not where the appender puts this page's new files when it answers a lookup under one storage key", () => {
    const cache = createCache();
    cache.writeQuery({ query: RunFiles, data: run3([file(1)]) });
    cache.writeQuery({ query: RunFilesUnderKey, data: run3([file(3)]) });
    const appender = attachmentAppender(cache, 0, { fragment: FileFields });
    appender.append(900, file(5));
    appender.publish();

    expect(listed(cache)).toEqual(['f1.txt', 'f5.txt']);
    expect(listed(cache, RunFilesUnderKey)).toEqual(['f3.txt']);
  });

  it('does not bring back a file this page deleted after it was asked for', () => {
    const cache = createCache();
    cache.writeQuery({ query: RunFiles, data: run3([file(1), file(2)]) });
    removeAttachment(cache, 900, 2);
    expect(listed(cache)).toEqual(['f1.txt']);

    cache.writeQuery({ query: RunFiles, data: run3([file(1), file(2)]) });
    expect(listed(cache)).toEqual(['f1.txt']);

    // Once the delete is no longer new, the server's list is its word.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + NEWER_HERE_MS);
    cache.writeQuery({ query: RunFiles, data: run3([file(1), file(2)]) });
    expect(listed(cache)).toEqual(['f1.txt', 'f2.txt']);
  });
});
