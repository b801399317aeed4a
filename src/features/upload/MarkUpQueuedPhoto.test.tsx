import { UiProviders } from '../../app/AppProviders.tsx';

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigProvider } from '../../config/ConfigContext.tsx';
import { TEST_CONFIG } from '../../test/renderApp.tsx';
import { createQueueWorld } from '../../test/uploadQueue.ts';
import type { UploadQueue } from '../../upload/uploadQueue.ts';
import { UploadList } from './UploadList.tsx';
import { UploadQueueProvider, useUploads } from '../../upload/uploadQueueContext.tsx';

const part = { entityId: 5, label: 'Part BRKT-001', record: { kind: 'part' as const, id: 1 } };

function Uploads() {
  return <UploadList entries={useUploads()} title="Uploads" />;
}

function renderList(queue: UploadQueue) {
  return render(
    <UiProviders>
      <ConfigProvider config={TEST_CONFIG}>
        <UploadQueueProvider queue={queue}>
          <Uploads />
        </UploadQueueProvider>
      </ConfigProvider>
    </UiProviders>,
  );
}

describe('Mark up in the upload list', () => {
  // The editor is a lazily loaded chunk: loaded once here, so each test waits only for the editor itself.
  beforeAll(() => import('../markup/MarkupEditor.tsx'));

  it('offers mark-up for photos only', async () => {
    const world = createQueueWorld();
    world.server.gates.ticket.close();
    const queue = world.makeQueue();
    queue.add(
      [
        new File(['x'], 'weld.jpg', { type: 'image/jpeg' }),
        new File(['y'], 'report.pdf', { type: 'application/pdf' }),
      ],
      part,
    );
    renderList(queue);

    expect(await screen.findByRole('button', { name: 'Mark up weld.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark up report\.pdf/ })).not.toBeInTheDocument();
  });

  it('holds the photo while the editor is open; a photo that cannot be read is said so, and goes on to be attached', async () => {
    const world = createQueueWorld();
    world.server.gates.ticket.close();
    const queue = world.makeQueue();
    queue.add([new File(['not a picture'], 'weld.jpg', { type: 'image/jpeg' })], part);
    renderList(queue);

    await userEvent.click(await screen.findByRole('button', { name: 'Mark up weld.jpg' }));
    expect(
      await screen.findByRole('listitem', { name: 'weld.jpg: Held while it is marked up' }),
    ).toBeInTheDocument();
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('could not be opened');

    world.server.gates.ticket.release();
    await userEvent.click(within(problem).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(world.server.attachments.map((a) => a.filename)).toEqual(['weld.jpg']));
  });
});
