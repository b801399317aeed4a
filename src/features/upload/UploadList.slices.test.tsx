import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueueWorld, file, PART } from '../../test/uploadQueue.ts';
import { renderUploadList } from '../../test/renderUploadList.tsx';

/** How many upload rows each batch of DOM changes added (one batch per task at most). */
function watchRowsAdded(root: HTMLElement): number[] {
  const added: number[] = [];
  new MutationObserver((records) => {
    const rows = records.flatMap((record) =>
      [...record.addedNodes].flatMap((node) =>
        node instanceof HTMLElement
          ? [node, ...node.querySelectorAll('li')].filter((el) => el.tagName === 'LI')
          : [],
      ),
    );
    if (rows.length > 0) added.push(rows.length);
  }).observe(root, { childList: true, subtree: true });
  return added;
}

const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label')!.split(':')[0]);

describe('the upload list drawing a batch', () => {
  it('draws the rows a few at a time, newest on top, until all are listed', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    const { container } = renderUploadList(queue, 'Uploads to Part 1');
    const added = watchRowsAdded(container);
    const names = Array.from({ length: 12 }, (_, i) => `f${i + 1}.txt`);

    act(
      () =>
        void queue.add(
          names.map((name) => file(name)),
          PART,
        ),
    );
    // Not all in the render the batch came with.
    expect(screen.queryAllByRole('listitem').length).toBeLessThan(12);

    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    expect(rowNames(list)).toEqual([...names].reverse());
    expect(Math.max(...added)).toBeLessThanOrEqual(5);
    world.server.gates.put.release();
  });

  it('draws one new file (a photo just taken) at once, on top of those listed', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    renderUploadList(queue, 'Uploads to Part 1');
    act(() => void queue.add([file('a.txt'), file('b.txt'), file('c.txt')], PART));
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));

    act(() => void queue.add([file('shot.jpg')], PART));

    // Its row comes with the announcement that counts it, not in a later slice.
    await waitFor(() => expect(screen.getByText(/of 4 attached/)).toBeInTheDocument());
    expect(rowNames(list)).toEqual(['shot.jpg', 'c.txt', 'b.txt', 'a.txt']);
    world.server.gates.put.release();
  });
});
