import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueueWorld } from '../../test/uploadQueue.ts';
import type { UploadQueue } from '../../upload/uploadQueue.ts';
import { RecordDropZone, RecordUploadsHere } from './RecordDropZone.tsx';
import { renderWithQueue } from '../../test/renderUploadList.tsx';
import { AuthProvider } from '../../auth/AuthContext.tsx';
import { createTestAuthSession } from '../../test/renderApp.tsx';
import { DuplicateGuardProvider } from './duplicateCheck.tsx';
import { drop, fileItem, transfer } from '../../test/dropEvents.ts';
import {
  dropFolderBesideFile,
  expectOversizedDropRefused,
  type DropTargetUnderTest,
} from '../../test/dropRefusals.ts';

function renderZone(queue: UploadQueue) {
  return renderWithQueue(
    queue,
    <RecordDropZone entityId={701} label="Run step 7" record={{ kind: 'runStep', id: 7 }}>
      <p>Record body</p>
      <RecordUploadsHere />
    </RecordDropZone>,
  );
}

const part7 = { entityId: 701, label: 'Run step 7', record: { kind: 'runStep' as const, id: 7 } };

const zone: DropTargetUnderTest = { render: renderZone, target: () => screen.getByText('Record body') };

describe('RecordDropZone', () => {
  it('attaches dropped files to the record entity and lists them', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    renderZone(queue);
    const photo = new File(['x'], 'Schweißnaht 写真.jpg', { type: 'image/jpeg' });

    await drop(screen.getByText('Record body'), transfer([fileItem(photo)]));

    const list = await screen.findByRole('region', { name: 'Uploads to Run step 7' });
    expect(await within(list).findByText('Schweißnaht 写真.jpg')).toBeInTheDocument();
    await vi.waitFor(() => expect(world.server.attachments).toHaveLength(1));
    expect(world.server.attachments[0]).toMatchObject({ filename: 'Schweißnaht 写真.jpg', entityId: 701 });
    expect(queue.getSnapshot()[0]!.target).toEqual({
      entityId: 701,
      label: 'Run step 7',
      record: { kind: 'runStep', id: 7 },
    });
  });

  it('asks about a dropped file the same as one queued in that moment, before the queue announced it', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    act(() => void queue.add([new File(['earlier'], 'earlier.pdf')], part7));
    await vi.waitFor(() => expect(queue.getSnapshot()).toHaveLength(1));
    const session = createTestAuthSession();
    renderWithQueue(
      queue,
      <AuthProvider session={session} signOut={vi.fn()}>
        <DuplicateGuardProvider>
          <RecordDropZone entityId={701} label="Run step 7" record={{ kind: 'runStep', id: 7 }}>
            <p>Record body</p>
            <RecordUploadsHere />
          </RecordDropZone>
        </DuplicateGuardProvider>
      </AuthProvider>,
    );
    const photo = () => new File(['the same bytes'], 'weld.jpg', { type: 'image/jpeg' });

    // The same photo queued in the drop's own task (the camera's, say): announced only after the drop
    // is checked, which must count it all the same.
    const body = screen.getByText('Record body');
    const dataTransfer = transfer([fileItem(photo())]);
    await act(async () => {
      queue.add([photo()], part7);
      fireEvent.dragEnter(body, { dataTransfer });
      fireEvent.dragOver(body, { dataTransfer });
      fireEvent.drop(body, { dataTransfer });
    });

    const asked = await screen.findByRole('dialog');
    expect(asked).toHaveTextContent('Already waiting to be attached to Run step 7');
    await userEvent.click(within(asked).getByRole('button', { name: 'Skip' }));
    world.server.gates.put.release();
    await vi.waitFor(() => expect(world.server.attachments).toHaveLength(2));
    expect(world.server.attachments.map((a) => a.filename).sort()).toEqual(['earlier.pdf', 'weld.jpg']);
  });

  it('shows an overlay while files are dragged over the page', async () => {
    renderZone(createQueueWorld().makeQueue());
    const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    await act(async () => {
      fireEvent.dragEnter(screen.getByText('Record body'), { dataTransfer: transfer([fileItem(photo)]) });
    });
    expect(await screen.findByText('Drop to attach to Run step 7')).toBeInTheDocument();
  });

  it('takes the overlay away on a drop that follows the drag at once', async () => {
    // react-dropzone marks a drag active only once the dragged items are read, after the event: a
    // drop in the same moment (a quick flick, a script) came before that and left the overlay over
    // the page, catching every later tap.
    renderZone(createQueueWorld().makeQueue());
    const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });

    await drop(screen.getByText('Record body'), transfer([fileItem(photo)]));

    expect(await screen.findByRole('region', { name: 'Uploads to Run step 7' })).toBeInTheDocument();
    expect(screen.queryByText('Drop to attach to Run step 7')).not.toBeInTheDocument();
  });

  it('covers the whole page while files are dragged anywhere over it, until they leave', async () => {
    renderZone(createQueueWorld().makeQueue());
    const dataTransfer = transfer([fileItem(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))]);
    await act(async () => {
      fireEvent.dragEnter(document.body, { dataTransfer });
    });
    expect(screen.getByText('Drop to attach to Run step 7')).toBeInTheDocument();
    await act(async () => {
      fireEvent.dragLeave(document.body, { dataTransfer });
    });
    expect(screen.queryByText('Drop to attach to Run step 7')).not.toBeInTheDocument();
  });

  it('refuses folders with a message and keeps the files dropped with them', async () => {
    const file = new File(['x'], 'log.txt', { type: 'text/plain' });
    const queue = await dropFolderBesideFile(zone, 'photos', file);

    expect(await screen.findByRole('alert')).toHaveTextContent('“photos” is a folder or not a file');
    await vi.waitFor(() => expect(queue.getSnapshot().map((e) => e.filename)).toEqual(['log.txt']));
  });

  it('refuses dropped text and links with a message', async () => {
    const queue = createQueueWorld().makeQueue();
    renderZone(queue);
    await drop(screen.getByText('Record body'), transfer([], ['text/plain', 'text/uri-list']));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only files can be attached');
    expect(queue.getSnapshot()).toHaveLength(0);
  });

  it('refuses files over the configured maximum before uploading', async () => {
    await expectOversizedDropRefused(zone);
  });

  it('takes files from Choose files and from the camera input', async () => {
    const user = userEvent.setup();
    const world = createQueueWorld();
    const queue = world.makeQueue();
    renderZone(queue);
    const chosen = new File(['x'], 'chosen.pdf', { type: 'application/pdf' });
    const photo = new File(['y'], 'image', { type: 'image/jpeg' });

    await user.upload(screen.getByTestId('choose-files-input'), chosen);
    const camera = screen.getByLabelText('Take a photo to attach to Run step 7');
    expect(camera).toHaveAttribute('accept', 'image/jpeg,image/png,image/heic,image/heif,image/webp');
    expect(camera).toHaveAttribute('capture', 'environment');
    await user.upload(camera, photo);

    await vi.waitFor(() =>
      expect(world.server.attachments.map((a) => a.filename).sort()).toEqual(['chosen.pdf', 'image']),
    );
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeInTheDocument();
  });

  it('takes a pasted screenshot while the page is open', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    renderZone(queue);
    const screenshot = new File(['png'], 'image.png', { type: 'image/png' });

    await act(async () => {
      fireEvent.paste(document.body, {
        clipboardData: { items: [{ kind: 'file', getAsFile: () => screenshot }], types: ['Files'] },
      });
    });

    // Browsers call every pasted picture "image.png": it gets the date and time instead.
    await vi.waitFor(() =>
      expect(world.server.attachments.map((a) => a.filename)).toEqual([
        expect.stringMatching(/^Screenshot \d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.\d{2}\.png$/),
      ]),
    );
  });

  it('lets the technician cancel a file in flight and retry it', async () => {
    const user = userEvent.setup();
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    renderZone(queue);

    await drop(screen.getByText('Record body'), transfer([fileItem(new File(['x'], 'a.pdf'))]));
    await user.click(await screen.findByRole('button', { name: 'Cancel a.pdf' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    world.server.gates.put.release();
    await user.click(screen.getByRole('button', { name: 'Retry a.pdf' }));
    expect(await screen.findByText('Attached')).toBeInTheDocument();
    expect(world.server.attachments).toHaveLength(1);
  });
});
