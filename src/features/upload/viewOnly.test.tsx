import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueueWorld, TAYLOR } from '../../upload/uploadQueue.testkit.ts';
import { UploadError } from '../../upload/uploadErrors.ts';
import type { UploadQueue } from '../../upload/uploadQueue.ts';
import { RecordDropZone } from './RecordDropZone.tsx';
import { renderWithQueue } from './renderUploadList.tsx';
import { ViewOnlyProvider } from '../../components/viewOnly.tsx';
import { ViewOnlyNotice } from '../../components/ViewOnlyNotice.tsx';

function renderPage(queue: UploadQueue) {
  return renderWithQueue(
    queue,
    <ViewOnlyProvider>
      <ViewOnlyNotice />
      <RecordDropZone entityId={701} label="Run step 7" record={{ kind: 'runStep', id: 7 }}>
        <p>Record body</p>
      </RecordDropZone>
    </ViewOnlyProvider>,
  );
}

describe('attach controls and who may attach', () => {
  it('are gone once the server refuses an attach, and stay gone on the next visit', async () => {
    const user = userEvent.setup();
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('forbidden', 'You do not have permission to do this.'));
    const first = renderPage(world.makeQueue());
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    await user.upload(
      screen.getByTestId('choose-files-input'),
      new File(['x'], 'a.jpg', { type: 'image/jpeg' }),
    );

    await screen.findByTestId('view-only');
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take photo' })).toBeNull();
    first.unmount();

    // The next page (a reload, another record) shows none from the start.
    renderPage(world.makeQueue());
    expect(screen.getByTestId('view-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take photo' })).toBeNull();
  });

  it('come back when the person asks to check again', async () => {
    const user = userEvent.setup();
    const world = createQueueWorld();
    world.refusals.remember(TAYLOR);
    renderPage(world.makeQueue());

    await user.click(screen.getByRole('button', { name: 'My rights changed: check again' }));
    expect(await screen.findByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(screen.queryByTestId('view-only')).toBeNull();
  });
});
