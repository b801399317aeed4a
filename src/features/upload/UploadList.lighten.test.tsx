import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUploadList } from '../../test/renderUploadList.tsx';
import { createQueueWorld } from '../../test/uploadQueue.ts';
import type { UploadQueue } from '../../upload/uploadQueue.ts';

const step = { entityId: 77, label: 'Run step 1', record: { kind: 'runStep' as const, id: 1 } };

const renderList = (queue: UploadQueue) => renderUploadList(queue, 'Uploads to Run step 1');

/** A queue whose photos become 700-byte JPEGs and whose PUTs wait until the test lets them go. */
function lighteningWorld() {
  const world = createQueueWorld();
  world.server.gates.put.close();
  const queue = world.makeQueue({
    maxUploadBytes: () => 10_000_000,
    prepare: async (_file, filename) => ({
      file: new Blob([new Uint8Array(700)], { type: 'image/jpeg' }),
      filename: filename.replace(/\.heic$/, '.jpg'),
      type: 'image/jpeg',
    }),
  });
  return { world, queue };
}

const photo = (name: string) => new File([new Uint8Array(4_300_000)], name, { type: 'image/heic' });

describe('upload rows of lighter photos', () => {
  it('show how much lighter the photo became and send the original when asked', async () => {
    const user = userEvent.setup();
    const { world, queue } = lighteningWorld();
    renderList(queue);
    queue.add([photo('IMG_1.heic')], step);

    const row = await screen.findByRole('listitem', { name: /IMG_1\.jpg: Uploading/ });
    expect(within(row).getByText('4.1 MB → 700 B')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Send the original of IMG_1.jpg' }));

    world.server.gates.put.release();
    const sent = await screen.findByRole('listitem', { name: /IMG_1\.heic: Attached/ });
    expect(within(sent).getByText('4.1 MB')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /Send the original/ })).toBeNull();
    expect(world.server.attachments.map((a) => a.filename)).toEqual(['IMG_1.heic']);
  });

  it('send every original of a batch at once', async () => {
    const user = userEvent.setup();
    const { world, queue } = lighteningWorld();
    renderList(queue);
    queue.add([photo('IMG_1.heic'), photo('IMG_2.heic')], step);

    await user.click(await screen.findByRole('button', { name: 'Send all 2 originals' }));
    world.server.gates.put.release();
    await vi.waitFor(() =>
      expect(world.server.attachments.map((a) => a.filename).sort()).toEqual(['IMG_1.heic', 'IMG_2.heic']),
    );
  });
});
