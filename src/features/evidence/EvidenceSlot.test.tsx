import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeFragmentData } from '../../graphql/generated/index.ts';
import { RecordAttachmentsFields } from '../attachments/index.ts';
import { renderWithQueue } from '../../test/renderUploadList.tsx';
import {
  dropFolderBesideFile,
  expectOversizedDropRefused,
  type DropTargetUnderTest,
} from '../../test/dropRefusals.ts';
import { EvidenceSlot } from './EvidenceSlot.tsx';
import { EvidenceSlotFields } from './evidenceDocuments.ts';

const field = makeFragmentData(
  {
    id: 41,
    name: 'Part photo',
    type: 'FILE_ATTACHMENT',
    required: true,
    helpText: null,
    fileAttachmentId: null,
    entity: {
      id: 9041,
      ...makeFragmentData({ __typename: 'Entity', id: 9041, fileAttachments: [] }, RecordAttachmentsFields),
    },
  },
  EvidenceSlotFields,
);

const slot: DropTargetUnderTest = {
  render: (queue) =>
    renderWithQueue(
      queue,
      <EvidenceSlot field={field} contextLine="Run 1 · SN 0041 · Step 4" dragging={false} />,
    ),
  target: () => screen.getByTestId('evidence-slot'),
};

describe('EvidenceSlot', () => {
  it('says which dropped items were refused: a folder is named, the files beside it go to the field', async () => {
    const photo = new File(['x'], 'photo.jpg', { type: 'image/jpeg' });
    const queue = await dropFolderBesideFile(slot, 'weld photos', photo);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“weld photos” is a folder or not a file; drop the files themselves.',
    );
    await vi.waitFor(() => expect(queue.getSnapshot().map((entry) => entry.filename)).toEqual(['photo.jpg']));
    expect(queue.getSnapshot()[0]!.target).toEqual({
      entityId: 9041,
      label: 'Run 1 · SN 0041 · Step 4 · Part photo',
      record: { kind: 'runStepField', id: 41 },
      facts: { title: 'Part photo', field: { id: 41, name: 'Part photo' } },
    });
  });

  it('says so when the queue refuses a file, as the page does', async () => {
    await expectOversizedDropRefused(slot);
  });
});
