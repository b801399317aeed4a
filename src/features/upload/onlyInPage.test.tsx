import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useUploads } from '../../upload/uploadQueueContext.tsx';
import { createQueueWorld } from '../../test/uploadQueue.ts';
import { UploadList } from './UploadList.tsx';
import { UploadTray } from './UploadTray.tsx';
import { renderWithQueue } from '../../test/renderUploadList.tsx';

const part = { entityId: 5, label: 'Part BRKT-001', record: { kind: 'part' as const, id: 1 } };

function Uploads() {
  return <UploadList entries={useUploads()} title="Uploads of Part BRKT-001" />;
}

/** Whether leaving the page now would be asked about (the browser asks when the event is cancelled). */
function leavingAsks(): boolean {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
}

/** The tray and the list, over a queue whose store cannot take the files `full` names; nothing is sent. */
function renderWithFullDisk(...full: string[]) {
  const world = createQueueWorld();
  world.server.gates.put.close();
  for (const id of full) world.store.full.add(id);
  const queue = world.makeQueue();
  renderWithQueue(
    queue,
    <>
      <UploadTray />
      <Uploads />
    </>,
  );
  return { world, queue };
}

describe('files held only in this page', () => {
  it('are counted on the list, and leaving asks first until they are attached', async () => {
    const { world, queue } = renderWithFullDisk('upload-2', 'upload-3');
    expect(leavingAsks()).toBe(false);

    act(() => {
      queue.add(
        ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => new File([name], name)),
        part,
      );
    });
    expect(
      await screen.findByText(
        '2 files are not saved on this tablet: keep this page open until they are sent, or they are lost.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Not saved on this tablet: keep this page open until sent.')).toHaveLength(2);
    expect(leavingAsks()).toBe(true);

    world.server.gates.put.release();
    await vi.waitFor(() => expect(screen.getByText('3 of 3 attached')).toBeInTheDocument());
    expect(screen.queryByText(/not saved on this tablet/i)).toBeNull();
    expect(leavingAsks()).toBe(false);
  });

  it('one file is told in the singular, and stops being asked about once the device stores it', async () => {
    const { world, queue } = renderWithFullDisk('upload-1');
    let id = '';
    act(() => {
      id = queue.add([new File(['a'], 'a.pdf')], part).added[0]!.id;
    });
    expect(
      await screen.findByText(
        '1 file is not saved on this tablet: keep this page open until it is sent, or it is lost.',
      ),
    ).toBeInTheDocument();
    expect(leavingAsks()).toBe(true);

    // Room again: the file's next write (held to be marked up, here) stores it, still unsent.
    world.store.full.delete(id);
    act(() => void queue.holdForMarkup(id, { width: 1, height: 1, shapes: [] }));
    await vi.waitFor(() => expect(leavingAsks()).toBe(false));
    expect(world.store.rows.has(id)).toBe(true);
    expect(screen.queryByText(/not saved on this tablet/i)).toBeNull();
  });

  it('leaving asks while a drop is still being written to the device, and not once it is stored', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    renderWithQueue(queue, <UploadTray />);

    act(() => {
      queue.add(
        ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'].map((name) => new File([name], name)),
        part,
      );
    });
    // Handed to the device, not stored yet (most wait for their turn): a reload now would lose them.
    expect(leavingAsks()).toBe(true);
    await vi.waitFor(() => expect(world.store.rows.size).toBe(5));
    expect(leavingAsks()).toBe(false);
    expect(screen.queryByText(/not saved on this tablet/i)).toBeNull();
  });
});
