import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueueWorld, file, PART } from '../../test/uploadQueue.ts';
import { renderWithQueue } from '../../test/renderUploadList.tsx';
import { useUploadEntry } from './useUploadEntry.ts';

/** Shows one file's state and counts its own renders. */
function Follow({ id, renders }: { id: string; renders: Map<string, number> }) {
  renders.set(id, (renders.get(id) ?? 0) + 1);
  const entry = useUploadEntry(id);
  return <p data-testid={id}>{entry ? `${entry.filename}: ${entry.state}` : 'gone'}</p>;
}

describe('a view following one queued file', () => {
  it('renders again when its file changes, not when another one does', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    const [a, b] = queue.add([file('a.jpg'), file('b.jpg')], PART).added;
    const renders = new Map<string, number>();
    renderWithQueue(
      queue,
      <>
        <Follow id={a!.id} renders={renders} />
        <Follow id={b!.id} renders={renders} />
      </>,
    );
    await waitFor(() => expect(world.server.gates.put.held).toBe(2));
    await waitFor(() => expect(screen.getByTestId(b!.id)).toHaveTextContent('b.jpg: uploading'));
    await waitFor(() => expect(screen.getByTestId(a!.id)).toHaveTextContent('a.jpg: uploading'));
    const rendersOfA = renders.get(a!.id);

    act(() => queue.cancel(b!.id));

    await waitFor(() => expect(screen.getByTestId(b!.id)).toHaveTextContent('b.jpg: cancelled'));
    expect(screen.getByTestId(a!.id)).toHaveTextContent('a.jpg: uploading');
    expect(renders.get(a!.id)).toBe(rendersOfA);
    world.server.gates.put.release();
  });

  it('is told once its file has left the queue', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    const [a] = queue.add([file('a.jpg')], PART).added;
    renderWithQueue(queue, <Follow id={a!.id} renders={new Map()} />);
    await waitFor(() => expect(screen.getByTestId(a!.id)).toHaveTextContent('a.jpg: attached'));

    act(() => queue.remove(a!.id));

    await waitFor(() => expect(screen.getByTestId(a!.id)).toHaveTextContent('gone'));
  });
});
