import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUploadList } from '../../test/renderUploadList.tsx';
import { createQueueWorld, file, PART } from '../../test/uploadQueue.ts';
import { UploadError } from '../../upload/uploadErrors.ts';
import type { UploadQueue } from '../../upload/uploadQueue.ts';

const renderList = (queue: UploadQueue) => renderUploadList(queue, 'Uploads to Part BRKT-001');

describe('names in upload rows', () => {
  it('say when a name was shortened to what the API takes', async () => {
    const queue = createQueueWorld().makeQueue();
    renderList(queue);
    const [entry] = queue.add([file(`${'bore '.repeat(60)}.jpg`, 10, 'image/jpeg')], PART).added;

    const row = await screen.findByRole('listitem', { name: new RegExp(`^${entry!.filename}: `) });
    expect(within(row).getByText('Name shortened to fit the 255-character limit.')).toBeInTheDocument();
  });

  it('let a failed file be renamed, and send it again under the new name', async () => {
    const user = userEvent.setup();
    const world = createQueueWorld();
    world.server.failures.ticket.push(
      new UploadError('permanent', 'The server refused the request: filename is not allowed'),
    );
    const queue = world.makeQueue();
    renderList(queue);
    queue.add([file('weld:seam.jpg', 10, 'image/jpeg')], PART);

    const failed = await screen.findByRole('listitem', { name: /^weld:seam\.jpg: Failed/ });
    await user.click(within(failed).getByRole('button', { name: 'Rename weld:seam.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename and try again' });
    const input = within(dialog).getByRole('textbox', { name: /New name/ });
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Rename and try again' }));
    expect(within(dialog).getByText('Type a name for the file.')).toBeInTheDocument();
    await user.type(input, 'weld seam.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Rename and try again' }));

    await screen.findByRole('listitem', { name: 'weld seam.jpg: Attached' });
    expect(world.server.attachments.map((a) => a.filename)).toEqual(['weld seam.jpg']);
  });
});
