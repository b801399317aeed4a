import { Profiler } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueueWorld } from '../../../test/uploadQueue.ts';
import { useUploads } from '../../../upload/uploadQueueContext.tsx';
import { renderWithQueue } from '../../../test/renderUploadList.tsx';
import { UploadList } from '../UploadList.tsx';
import { UploadTray } from '../UploadTray.tsx';
import { pendingShots } from './pendingShots.ts';
import { develop } from './useShutter.ts';

const step = { entityId: 9, label: 'Run step 3', record: { kind: 'runStep' as const, id: 3 } };
const other = { entityId: 5, label: 'Part 1', record: { kind: 'part' as const, id: 1 } };
const filename = 'photo-2026-11-28-0100-00-1.jpg';

function RecordList() {
  return <UploadList entries={useUploads()} title="Uploads to Run step 3" shotsOf={step.record} />;
}

afterEach(() => {
  for (const shot of pendingShots.getSnapshot()) pendingShots.remove(shot.id);
});

describe('a shot being taken, in the upload list', () => {
  it('is a row at the tap, with its final name, though the queue has no file yet; it can be cancelled', async () => {
    renderWithQueue(createQueueWorld().makeQueue(), <RecordList />);
    expect(screen.queryByRole('region', { name: 'Uploads to Run step 3' })).not.toBeInTheDocument();
    act(() => {
      pendingShots.add({ filename, target: step, thumbnail: null });
      pendingShots.add({ filename: 'photo-elsewhere.jpg', target: other, thumbnail: null });
    });
    const row = screen.getByRole('listitem', { name: `${filename}: Taking photo…` });
    expect(row).toHaveTextContent('Run step 3');
    // No file in the queue yet: nothing to count, so never "0 of 0 attached".
    expect(screen.getByRole('region', { name: 'Uploads to Run step 3' })).not.toHaveTextContent(
      / of \d+ attached/,
    );
    // Another record's shot is that record's.
    expect(screen.queryByRole('listitem', { name: /^photo-elsewhere/ })).not.toBeInTheDocument();
    const cancel = screen.getByRole('button', { name: `Cancel ${filename}` });
    // Worded, never a bare square that reads as a checkbox.
    expect(cancel).toHaveTextContent('Cancel');
    await userEvent.click(cancel);
    expect(screen.queryByRole('listitem', { name: /^photo-2026/ })).not.toBeInTheDocument();
    expect(pendingShots.getSnapshot().map((shot) => shot.filename)).toEqual(['photo-elsewhere.jpg']);
  });

  it('says why when the camera gave no photo, until dismissed', async () => {
    renderWithQueue(createQueueWorld().makeQueue(), <RecordList />);
    act(() => {
      const shot = pendingShots.add({ filename, target: step, thumbnail: null });
      pendingShots.fail(shot.id, 'The photo could not be kept for sending. Try again.');
    });
    expect(
      screen.getByRole('listitem', {
        name: `${filename}: The photo could not be kept for sending. Try again.`,
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Remove ${filename} from the list` }));
    expect(screen.queryByRole('listitem', { name: /^photo-/ })).not.toBeInTheDocument();
  });

  it("turns into the file's row in one render: never two rows, never none", async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    const rowsAtEachCommit: number[] = [];
    renderWithQueue(
      queue,
      <Profiler
        id="list"
        onRender={() =>
          rowsAtEachCommit.push(
            screen.queryAllByRole('listitem', { name: new RegExp(`^${filename}: `) }).length,
          )
        }
      >
        <RecordList />
      </Profiler>,
    );
    const shot = pendingShots.add({ filename, target: step, thumbnail: null });
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    await act(() =>
      develop(shot, () => Promise.resolve(jpeg), queue, pendingShots, { onQueued() {}, onFailed() {} }),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('listitem', { name: new RegExp(`^${filename}: `) })).not.toHaveAttribute(
        'data-pending-shot',
      ),
    );
    expect(pendingShots.has(shot.id)).toBe(false);
    const first = rowsAtEachCommit.indexOf(1);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(rowsAtEachCommit.slice(first).every((count) => count === 1)).toBe(true);
    world.server.gates.put.release();
  });

  it("counts in the tray's pending files while it is taken", () => {
    renderWithQueue(createQueueWorld().makeQueue(), <UploadTray />);
    expect(screen.getByRole('button', { name: 'Uploads' })).toBeInTheDocument();
    act(() => {
      pendingShots.add({ filename, target: step, thumbnail: null });
    });
    expect(screen.getByRole('button', { name: 'Uploads: 1 pending' })).toBeInTheDocument();
  });
});
