// For tests only: the drop refusals every drop target shares (a record's page, an evidence slot).
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createQueueWorld } from './uploadQueue.ts';
import type { UploadQueue } from '../upload/uploadQueue.ts';
import { drop, fileItem, folderItem, transfer } from './dropEvents.ts';

/** A drop target as a test shows it: `render` it with a queue, then `target` is where to drop. */
export interface DropTargetUnderTest {
  render(queue: UploadQueue): unknown;
  target(): HTMLElement;
}

/** Drops a folder with `file` beside it on the target; gives the queue the file should still reach. */
export async function dropFolderBesideFile(
  { render, target }: DropTargetUnderTest,
  folder: string,
  file: File,
): Promise<UploadQueue> {
  const queue = createQueueWorld().makeQueue();
  render(queue);
  await drop(target(), transfer([folderItem(folder), fileItem(file)]));
  return queue;
}

/** A file over the queue's maximum (3 B) is refused with the reason, before any upload starts. */
export async function expectOversizedDropRefused({ render, target }: DropTargetUnderTest): Promise<void> {
  const world = createQueueWorld();
  render(world.makeQueue({ maxUploadBytes: () => 3 }));

  await drop(target(), transfer([fileItem(new File(['four'], 'big.bin'))]));

  expect(await screen.findByRole('alert')).toHaveTextContent(
    '“big.bin” was not attached: Larger than the 3 B limit',
  );
  expect(world.server.ticketRequests).toHaveLength(0);
}
