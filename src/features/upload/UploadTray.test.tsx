import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadError } from '../../upload/uploadErrors.ts';
import { createQueueWorld } from '../../test/uploadQueue.ts';
import type { UploadQueue } from '../../upload/uploadQueue.ts';
import { UploadTray } from './UploadTray.tsx';
import { renderWithQueue } from '../../test/renderUploadList.tsx';

const part = { entityId: 5, label: 'Part BRKT-001', record: { kind: 'part' as const, id: 1 } };

function renderTray(queue: UploadQueue) {
  return renderWithQueue(queue, <UploadTray />);
}

describe('UploadTray', () => {
  it('shows what is pending and announces attached and failed files', async () => {
    const show = vi.spyOn(notifications, 'show');
    const world = createQueueWorld();
    world.server.gates.put.close();
    world.server.failures.ticket.push(new UploadError('permanent', 'You do not have permission to do this.'));
    const queue = world.makeQueue();
    renderTray(queue);

    act(() => {
      queue.add([new File(['x'], 'denied.pdf'), new File(['y'], 'a.pdf'), new File(['z'], 'b.pdf')], part);
    });
    expect(await screen.findByRole('button', { name: /Uploads: 2 pending, 1 failed/ })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '“denied.pdf” was not attached to Part BRKT-001: You do not have permission to do this.',
      ),
    );

    world.server.gates.put.release();
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('2 files attached to Part BRKT-001.'),
    );
    // The notices follow the paint of what they tell of; the spoken status above does not wait for them.
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'green', message: '2 files attached to Part BRKT-001.' }),
      ),
    );
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Upload failed' }));
  });

  it('tells at once who listens, and shows the notice only once the change it tells of is painted', async () => {
    const show = vi.spyOn(notifications, 'show').mockClear();
    const queue = createQueueWorld().makeQueue();
    renderTray(queue);
    // The frame that paints the file's listing, held until the test lets it run.
    const frames: FrameRequestCallback[] = [];
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    act(() => {
      queue.add([new File(['x'], 'report.pdf')], part);
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('1 file attached to Part BRKT-001.'),
    );
    expect(show).not.toHaveBeenCalled();
    frame.mockRestore();
    act(() => frames.forEach((callback) => callback(performance.now())));
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'green', message: '1 file attached to Part BRKT-001.' }),
      ),
    );
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('tells a batch of successes once, when the queue is idle', async () => {
    const show = vi.spyOn(notifications, 'show').mockClear();
    const queue = createQueueWorld().makeQueue();
    renderTray(queue);
    act(() => {
      queue.add(
        Array.from({ length: 20 }, (_, i) => new File(['x'], `f${i}.txt`)),
        part,
      );
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('20 files attached to Part BRKT-001.'),
    );
    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: '20 files attached to Part BRKT-001.' }),
    );
  });

  it('does not wait for a photo held while it is marked up before telling what was attached', async () => {
    const world = createQueueWorld();
    world.server.gates.ticket.close();
    const queue = world.makeQueue();
    renderTray(queue);
    const [photo] = queue.add([new File(['x'], 'crack.jpg', { type: 'image/jpeg' })], part).added;
    queue.holdForMarkup(photo!.id, { width: 10, height: 10, shapes: [] });
    world.server.gates.ticket.release();
    act(() => {
      queue.add([new File(['y'], 'report.pdf')], part);
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('1 file attached to Part BRKT-001.'),
    );
  });

  it('opens the list from any page and clears finished files', async () => {
    const user = userEvent.setup();
    const world = createQueueWorld();
    const queue = world.makeQueue();
    renderTray(queue);
    act(() => {
      queue.add([new File(['x'], 'done.pdf')], part);
    });
    await vi.waitFor(() => expect(queue.getSnapshot()[0]?.state).toBe('attached'));

    await user.click(screen.getByRole('button', { name: 'Uploads' }));
    expect(await screen.findByText('done.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(await screen.findByText(/Nothing uploaded yet/)).toBeInTheDocument();
  });

  it('lists the newest file first, as a record lists its attachments', async () => {
    const user = userEvent.setup();
    const queue = createQueueWorld().makeQueue();
    renderTray(queue);
    act(() => {
      queue.add([new File(['x'], 'first.pdf')], part);
    });
    act(() => {
      queue.add([new File(['y'], 'second.pdf')], part);
    });
    await user.click(screen.getByRole('button', { name: /^Uploads/ }));
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label')?.split(':')[0])).toEqual([
      'second.pdf',
      'first.pdf',
    ]);
  });
});
