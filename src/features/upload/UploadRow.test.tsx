import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueueWorld } from '../../test/uploadQueue.ts';
import { UploadError } from '../../upload/uploadErrors.ts';
import { announce } from './uploadAnnouncement.ts';
import { renderUploadList } from '../../test/renderUploadList.tsx';

const part = { entityId: 5, label: 'Part 1', record: { kind: 'part' as const, id: 1 } };

describe('a file name in the uploads list', () => {
  it('is shown as stored: a direction override cannot make a program read as a photo', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    renderUploadList(queue, 'Uploads to Part 1');
    queue.add([new File(['MZ'], 'inv\u202Egpj.exe')], part);

    const row = await screen.findByRole('listitem', { name: /^inv\[U\+202E\]gpj\.exe: / });
    expect(within(row).getByText('inv[U+202E]gpj.exe')).toBeInTheDocument();
    expect(row.textContent).not.toContain('\u202E');
    world.server.gates.put.release();
  });

  it('is shown as stored when a failure is announced', () => {
    const world = createQueueWorld();
    const entry = { ...world.makeQueue().add([new File(['MZ'], 'inv\u202Egpj.exe')], part).added[0]! };
    const [failed] = announce([
      { type: 'failed', entry: { ...entry, reason: new UploadError('permanent', 'No.').message } },
    ]);
    expect(failed!.message).toBe('“inv[U+202E]gpj.exe” was not attached to Part 1: No.');
  });
});
