import { describe, expect, it } from 'vitest';
import { makeFragmentData } from '../../graphql/generated/index.ts';
import { AttachmentItemFields, RecordAttachmentsFields } from '../attachments/index.ts';
import { filesValue } from './filesValue.ts';

function entityWith(...filenames: string[]) {
  const fileAttachments = filenames.map((filename, index) =>
    makeFragmentData(
      {
        __typename: 'FileAttachment',
        id: index + 1,
        filename,
        contentType: 'application/pdf',
        downloadUrl: null,
        entityId: 9,
        _created: null,
        createdBy: null,
      },
      AttachmentItemFields,
    ),
  );
  return makeFragmentData({ __typename: 'Entity', id: 9, fileAttachments }, RecordAttachmentsFields);
}

describe('a file field’s value', () => {
  it('names the file it holds', () => {
    expect(filesValue({ entity: entityWith('cmm-report.pdf') })).toBe('Attached: cmm-report.pdf');
  });

  it('counts several files', () => {
    expect(filesValue({ entity: entityWith('a.pdf', 'b.pdf') })).toBe('2 files attached');
  });

  it('says when nothing is attached yet, and shows a hidden character in a name', () => {
    expect(filesValue({ entity: entityWith() })).toBe('No file attached yet');
    expect(filesValue({ entity: entityWith('invoice\u202Egnp.exe') })).toBe(
      'Attached: invoice[U+202E]gnp.exe',
    );
  });

  it('trusts the field’s own file when the list does not show it', () => {
    expect(filesValue({ fileAttachmentId: 4, entity: entityWith() })).toBe('A file is attached');
  });
});
