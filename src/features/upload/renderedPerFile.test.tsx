import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueueWorld } from '../../test/uploadQueue.ts';
import { renderWithQueue } from '../../test/renderUploadList.tsx';
import { drop, fileItem, transfer } from '../../test/dropEvents.ts';
import { RecordDropZone, RecordUploadsHere } from './RecordDropZone.tsx';
import { UploadTray } from './UploadTray.tsx';

// What a file costs the page to draw (issue 40): the parts of the page that do not change with a file
// are not drawn again for it. Each counted component is the real one, counted as it renders.
const { renders, counted } = vi.hoisted(() => {
  const renders = { camera: 0, drawer: 0, zone: 0 };
  /** A function component that counts its renders under `key`, then draws as itself. */
  const counted =
    <P,>(key: keyof typeof renders, component: (props: P) => unknown) =>
    (props: P) => {
      renders[key] += 1;
      return component(props);
    };
  return { renders, counted };
});

// The zone's own renders, counted by the one child it always draws again with it.
vi.mock('../share/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../share/index.ts')>();
  return { ...real, SharedFilesOffer: counted('zone', real.SharedFilesOffer) };
});

vi.mock('./camera/TakePhotoButton.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('./camera/TakePhotoButton.tsx')>();
  return { ...real, TakePhotoButton: counted('camera', real.TakePhotoButton) };
});

vi.mock('@mantine/core', async (importOriginal) => {
  const real = await importOriginal<typeof import('@mantine/core')>();
  const Drawer = (props: Parameters<typeof real.Drawer>[0]) => {
    renders.drawer += 1;
    return <real.Drawer {...props} />;
  };
  return { ...real, Drawer };
});

describe('what one file draws again', () => {
  it("leaves the record's controls and the closed upload drawer alone while a file is dropped, sent and attached", async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    renderWithQueue(
      queue,
      <>
        <UploadTray />
        <RecordDropZone entityId={701} label="Run step 7" record={{ kind: 'runStep', id: 7 }}>
          <p>Record body</p>
          <RecordUploadsHere />
        </RecordDropZone>
      </>,
    );
    expect(renders.camera).toBeGreaterThan(0);
    expect(renders.drawer).toBeGreaterThan(0);
    const before = { ...renders };

    await drop(screen.getByText('Record body'), transfer([fileItem(new File(['x'], 'weld.pdf'))]));
    const list = await screen.findByRole('region', { name: 'Uploads to Run step 7' });
    await vi.waitFor(() => expect(within(list).getByText('Attached')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Uploads' })).toBeInTheDocument();

    // The drag over the page, the drop, the file's row, its count in the tray and its end all drew
    // the zone and the tray again; none of them drew the camera's button or the closed drawer.
    expect({ ...renders, zone: before.zone }).toEqual(before);
  });

  it('moves focus to the files on their way without drawing the zone again for it', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    renderWithQueue(
      queue,
      <RecordDropZone entityId={701} label="Run step 7" record={{ kind: 'runStep', id: 7 }}>
        <p>Record body</p>
        <RecordUploadsHere />
      </RecordDropZone>,
    );
    renders.zone = 0;
    const pasted = new File(['x'], 'weld.pdf', { type: 'application/pdf' });

    // A paste (no drag over the page): what the zone draws for the file is its list alone.
    await act(async () => {
      fireEvent.paste(document.body, {
        clipboardData: { items: [{ kind: 'file', getAsFile: () => pasted }], types: ['Files'] },
      });
    });
    const list = await screen.findByRole('region', { name: 'Uploads to Run step 7' });
    await within(list).findByText('weld.pdf');

    await vi.waitFor(() => expect(list).toHaveFocus());
    expect(renders.zone).toBe(0);
    world.server.gates.put.release();
  });
});
